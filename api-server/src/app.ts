// Filled by the api-server issue.
export {};
