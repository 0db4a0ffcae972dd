export const productName = 'Treasury Intelligence';
export const productTagline = 'Corporate Bitcoin treasury intelligence';
