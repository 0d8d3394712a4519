// The only public door of @puja/domain.
export * from './apply-year';
export * from './status';
export * from './application';
export * from './messages';
export * from './review-order';
export * from './permissions';
export * from './validation';
