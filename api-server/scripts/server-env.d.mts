/** The API server's environment: `env` with what the process needs before it starts. */
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
