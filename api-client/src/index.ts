// Filled by the api-client issue.
export {};
