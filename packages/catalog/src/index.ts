export * from './brand';
