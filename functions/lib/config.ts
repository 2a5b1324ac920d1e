/** Reads the Worker's configuration in one place (DESIGN: env read in one module). */
export function config(env: Env) {
  const isDevelopment = env.ENVIRONMENT === 'development';
  return {
    environment: env.ENVIRONMENT,
    isDevelopment,
    siteUrl: env.SITE_URL,
    tokenIssuer: env.TOKEN_ISSUER || 'bridgeway-global',
    tokenSecret: env.TOKEN_SECRET,
  };
}
