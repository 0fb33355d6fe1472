export {
  createExpressTokenBroker,
  type ExpressLikeNext,
  type ExpressLikeResponse,
} from './broker/express.ts';
export type { TokenBrokerOptions, TokenBrokerResponse } from './broker/token-broker.ts';
