// The only public door of @puja/domain.
export * from './apply-year';
export * from './status';
export * from './application';
export * from './messages';
export * from './review-order';
export * from './permissions';
export * from './validation';
export * from './text-search';
export * from './dashboard-counts';
export * from './memo-number';
export * from './dates';
export * from './club-search';
export * from './user-search';
export * from './progress-tracker';
export * from './list-tabs';
export * from './review-panels';
export * from './issued-nocs';
