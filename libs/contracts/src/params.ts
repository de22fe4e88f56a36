import { idParamSchema } from './common';

/** An endpoint addressed by one record's id: '/order/:id' and the like. */
export const byId = { params: idParamSchema };
