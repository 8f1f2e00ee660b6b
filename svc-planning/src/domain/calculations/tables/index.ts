export * from './cpf';
export * from './epf';
export * from './property-my';
export * from './property-sg';
export * from './registry';
export * from './tax-my';
export * from './tax-sg';
export * from './versioned';
