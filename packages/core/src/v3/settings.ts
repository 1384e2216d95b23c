/**
 * 3.x: the setting defaults that differ from 4.x: `json spaces` is 2 in the `development`
 * environment and 0 in `production` (unset elsewhere), and `json replacer` is null. The rest
 * (`env`, `trust proxy` disabled, `jsonp callback name`, routing settings disabled, `view
 * cache` in production, `views` at `./views`) are 4.x's.
 */

/** Applies the 3.x setting defaults to a new app, whose `env` is set. */
export function applySettingDefaults(app: { set(setting: string, value?: unknown): unknown; settings: Record<string, unknown> }): void {
  const env = app.settings.env;
  if (env === 'development') app.set('json spaces', 2);
  else if (env === 'production') app.set('json spaces', 0);
  app.set('json replacer', null);
}
