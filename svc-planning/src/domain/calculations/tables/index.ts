export * from './cpf';
export * from './epf';
export * from './tax-my';
export * from './tax-sg';
export * from './versioned';
