export * from './brand';
export * from './constants';
export * from './states';
