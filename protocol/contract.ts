/**
 * The typed contract: for every API code, the schema of its form body and the type of its answer's
 * `data`. Server handlers are defined through it (server/http/handler.ts `defineHandler`: typed
 * input, and a transaction for mutating codes), the client's `fetchData(code, fields)` infers its
 * answer from it, and tests call through the same types (tests/helpers/app.ts `call`). The code's
 * flags (wallet, mutating, cacheable, feature) stay in ./codes.ts: the client needs them at run
 * time, and this file, with every schema, is loaded by the server and by the screens that check a
 * form; the client imports only its types.
 */
import type * as v from 'valibot';
import type { ChallengeResponse, LoginResponse, UserInfo } from './account.ts';
import { challengeRequest, loginRequest } from './account.ts';
import {
  type AlertList,
  alertCreateRequest,
  alertDeleteRequest,
  alertListRequest,
  type PriceAlert,
} from './alerts.ts';
import type { AssetsResponse } from './assets.ts';
import type { ApiCode, CODES } from './codes.ts';
import type { GlobalConfig } from './config.ts';
import { type DepositAddress, type DepositRecord, recordsRequest } from './deposit.ts';
import type { Page } from './envelope.ts';
import {
  type ExchangeQuoteResponse,
  type ExchangeRecord,
  exchangeQuoteRequest,
  exchangeRecordsRequest,
  exchangeRequest,
} from './exchange.ts';
import {
  type IdoOffering,
  type IdoPosition,
  idoDetailsRequest,
  idoListRequest,
  positionsRequest,
  subscribeRequest,
} from './ido.ts';
import { type SetLanguageResponse, setLanguageRequest } from './language.ts';
import {
  type Candle,
  candlesRequest,
  type InstrumentDetails,
  type MarketRow,
  marketListRequest,
  quoteRequest,
} from './markets.ts';
import {
  buySharesRequest,
  incomeRequest,
  type MiningHolding,
  type MiningIncome,
  type MiningMachine,
  machineRequest,
  mallRequest,
  myMachinesRequest,
  rentRequest,
} from './mining.ts';
import {
  type Announcement,
  type AnnouncementSummary,
  type ContactInfo,
  newsDetailsRequest,
  newsListRequest,
} from './news.ts';
import { type PushDeleted, type PushSaved, pushSubscribeRequest, pushUnsubscribeRequest } from './push.ts';
import { bindInviteRequest, type ReferralSummary, referralRequest } from './referral.ts';
import {
  type SolvencyList,
  type SolvencyProofAnswer,
  solvencyProofRequest,
  solvencyRequest,
} from './solvency.ts';
import {
  redeemRequest,
  type Stake,
  type StakingPlan,
  stakeRequest,
  stakingRecordsRequest,
} from './staking.ts';
import { type StatementRecord, statementRecordsRequest, statementRequest } from './statements.ts';
import {
  type CurrentOrders,
  modifyOrderRequest,
  type Order,
  orderActionRequest,
  orderDetailsRequest,
  orderHistoryRequest,
  placeOrderRequest,
} from './trading.ts';
import { emptyForm } from './validation.ts';
import {
  type Withdrawal,
  type WithdrawalDetails,
  type WithdrawOption,
  withdrawalDetailsRequest,
  withdrawalTermsRequest,
  withdrawRecordsRequest,
  withdrawRequest,
} from './withdraw.ts';
import {
  type AddressBook,
  addressAddRequest,
  addressDeleteRequest,
  type SavedAddress,
} from './withdraw-address-book.ts';
import type { WithdrawalTerms } from './withdraw-authorization.ts';

/** A code's side of the contract: what it accepts, and (as a type only) what it answers. */
export interface CodeContract<S extends v.GenericSchema = v.GenericSchema, A = unknown> {
  readonly request: S;
  /** Never read: it carries the answer's type. */
  readonly answer: A;
}

/** A file the server offers for saving instead of a JSON answer (10095), as the client receives it. */
export interface SavedFile {
  blob: Blob;
  name: string;
}

const code = <S extends v.GenericSchema, A>(request: S): CodeContract<S, A> => ({
  request,
  answer: undefined as A,
});

export const CONTRACT = {
  '00000': code<typeof emptyForm, GlobalConfig>(emptyForm),
  E0001: code<typeof setLanguageRequest, SetLanguageResponse>(setLanguageRequest),
  '10001': code<typeof challengeRequest, ChallengeResponse>(challengeRequest),
  '10002': code<typeof loginRequest, LoginResponse>(loginRequest),
  '10003': code<typeof emptyForm, null>(emptyForm),
  '10008': code<typeof emptyForm, UserInfo>(emptyForm),
  '10009': code<typeof bindInviteRequest, { inviter: string }>(bindInviteRequest),
  '10010': code<typeof emptyForm, AssetsResponse>(emptyForm),
  '10011': code<typeof statementRecordsRequest, Page<StatementRecord>>(statementRecordsRequest),
  '10012': code<typeof emptyForm, { coin: string; amount: string }>(emptyForm),
  '10020': code<typeof emptyForm, DepositAddress[]>(emptyForm),
  '10021': code<typeof recordsRequest, Page<DepositRecord>>(recordsRequest),
  '10022': code<typeof emptyForm, WithdrawOption[]>(emptyForm),
  '10023': code<typeof withdrawalTermsRequest, WithdrawalTerms>(withdrawalTermsRequest),
  '10024': code<typeof emptyForm, AddressBook>(emptyForm),
  '10025': code<typeof withdrawRequest, Withdrawal>(withdrawRequest),
  '10026': code<typeof withdrawRecordsRequest, Page<Withdrawal>>(withdrawRecordsRequest),
  '10027': code<typeof withdrawalDetailsRequest, WithdrawalDetails>(withdrawalDetailsRequest),
  '10028': code<typeof addressAddRequest, SavedAddress>(addressAddRequest),
  '10029': code<typeof addressDeleteRequest, { deleted: boolean }>(addressDeleteRequest),
  '10030': code<typeof exchangeQuoteRequest, ExchangeQuoteResponse>(exchangeQuoteRequest),
  '10031': code<typeof exchangeRequest, ExchangeRecord>(exchangeRequest),
  '10034': code<typeof exchangeRecordsRequest, Page<ExchangeRecord>>(exchangeRecordsRequest),
  '10035': code<typeof emptyForm, StakingPlan[]>(emptyForm),
  '10036': code<typeof stakeRequest, Stake>(stakeRequest),
  '10037': code<typeof stakingRecordsRequest, Page<Stake>>(stakingRecordsRequest),
  '10041': code<typeof redeemRequest, Stake>(redeemRequest),
  '10050': code<typeof mallRequest, Page<MiningMachine>>(mallRequest),
  '10051': code<typeof machineRequest, MiningMachine>(machineRequest),
  '10052': code<typeof rentRequest, MiningHolding>(rentRequest),
  '10053': code<typeof myMachinesRequest, Page<MiningHolding>>(myMachinesRequest),
  '10055': code<typeof incomeRequest, Page<MiningIncome>>(incomeRequest),
  '10056': code<typeof mallRequest, Page<MiningMachine>>(mallRequest),
  '10058': code<typeof buySharesRequest, MiningHolding>(buySharesRequest),
  '10060': code<typeof idoListRequest, Page<IdoOffering>>(idoListRequest),
  '10062': code<typeof idoDetailsRequest, IdoOffering>(idoDetailsRequest),
  '10063': code<typeof subscribeRequest, IdoPosition>(subscribeRequest),
  '10064': code<typeof positionsRequest, Page<IdoPosition>>(positionsRequest),
  '100666': code<typeof pushSubscribeRequest, PushSaved>(pushSubscribeRequest),
  '100655': code<typeof pushUnsubscribeRequest, PushDeleted>(pushUnsubscribeRequest),
  '10068': code<typeof marketListRequest, MarketRow[]>(marketListRequest),
  '10069': code<typeof candlesRequest, Candle[]>(candlesRequest),
  '10071': code<typeof quoteRequest, InstrumentDetails>(quoteRequest),
  '10073': code<typeof placeOrderRequest, Order>(placeOrderRequest),
  '10074': code<typeof modifyOrderRequest, Order>(modifyOrderRequest),
  '10076': code<typeof orderActionRequest, Order>(orderActionRequest),
  '10079': code<typeof orderActionRequest, Order>(orderActionRequest),
  '10080': code<typeof emptyForm, CurrentOrders>(emptyForm),
  '10081': code<typeof orderHistoryRequest, Page<Order>>(orderHistoryRequest),
  '10082': code<typeof orderDetailsRequest, Order>(orderDetailsRequest),
  '10083': code<typeof newsListRequest, Page<AnnouncementSummary>>(newsListRequest),
  '10084': code<typeof newsDetailsRequest, Announcement>(newsDetailsRequest),
  '10085': code<typeof emptyForm, ContactInfo>(emptyForm),
  '100201': code<typeof referralRequest, ReferralSummary>(referralRequest),
  '10090': code<typeof solvencyRequest, SolvencyList>(solvencyRequest),
  '10091': code<typeof solvencyProofRequest, SolvencyProofAnswer>(solvencyProofRequest),
  '10095': code<typeof statementRequest, SavedFile>(statementRequest),
  '10092': code<typeof alertCreateRequest, PriceAlert>(alertCreateRequest),
  '10093': code<typeof alertListRequest, AlertList>(alertListRequest),
  '10094': code<typeof alertDeleteRequest, { deleted: number }>(alertDeleteRequest),
} as const satisfies { readonly [C in ApiCode]: CodeContract };

type Contracts = typeof CONTRACT;

/** What a handler receives: the form body after its schema (transforms applied). */
export type RequestOf<C extends ApiCode> = v.InferOutput<Contracts[C]['request']>;

/** The answer's `data` on success. */
export type AnswerOf<C extends ApiCode> = Contracts[C]['answer'];

/** A field as a caller may give it: every form value travels as text, so numbers are welcome. */
type Given<T> = T extends string ? (string extends T ? string | number : T) : T;

/**
 * What a caller sends: the schema's input with numbers allowed where text is expected, and the
 * `requestId` every mutating code needs (the dispatcher reads it, whatever the schema says).
 */
export type FieldsOf<C extends ApiCode> = {
  [K in keyof v.InferInput<Contracts[C]['request']>]: Given<v.InferInput<Contracts[C]['request']>[K]>;
} & ((typeof CODES)[C]['mutating'] extends true ? { requestId: string } : unknown);

/** A code's fields as a call takes them: optional where the code needs none. */
export type FieldsArg<C extends ApiCode> =
  Record<never, never> extends FieldsOf<C> ? [fields?: FieldsOf<C>] : [fields: FieldsOf<C>];
