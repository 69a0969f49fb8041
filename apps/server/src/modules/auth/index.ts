export { PasswordGuesses } from './password-guesses';
export type { PasswordGuessLimits } from './password-guesses';
export { hashPassword, verifyPassword } from './passwords';
export { authRoutes } from './routes';
export { authTestHookRoutes } from './test-hook-routes';
