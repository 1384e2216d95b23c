function logger(): string { return 'x'; }
logger.token = 1;
export default logger;
export const named = 2;
