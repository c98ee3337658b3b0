// Every table of the app, one file per area. Add a line when a feature adds a schema file.
export * from './auth'
export * from './platform'
export * from './profiles'
export * from './posts'
export * from './notifications'
export * from './products'
