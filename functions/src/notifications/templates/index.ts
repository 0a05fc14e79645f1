/**
 * Every notice the clinic sends, one file per area; each template is a pure function from the
 * record to a Notice (../notice.ts). A test renders each one (templates.test.ts).
 */
export * from './scheduling';
export * from './subscriptions';
export * from './account';
export * from './appointments';
export * from './payments';
export * from './front-desk';
export * from './record';
