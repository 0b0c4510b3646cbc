export const CLAIMS_FOOTER = 'Switchyard claim recovery · We never ask for Social Security, bank account or card numbers.';
