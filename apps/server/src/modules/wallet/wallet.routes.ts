/**
 * /v1/wallet (spec 02 §2 Wallet, §7 "Wallet and inventory"): a vendor sees its wallet and ledger (module
 * account-wallet); the platform administrator lists every wallet, opens wallets and records payments (module wallet).
 */
import {
  AddMoneyBodySchema,
  CreateWalletBodySchema,
  DeductMoneyBodySchema,
  IdParamsSchema,
  WalletAllQuerySchema,
  WalletChangeSchema,
  WalletListSchema,
  WalletPageSchema,
  WalletQuerySchema,
  WalletSchema,
  WalletTransactionPageSchema,
  WalletTransactionQuerySchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createWalletService } from './wallet.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const OWN = { module: 'account-wallet' } as const;

export const walletModule: ApiModule = {
  name: 'wallet',
  register(app, deps) {
    const service = createWalletService({ db: deps.db, clock: deps.clock });
    const tags = ['wallet'];

    app.get(
      '/wallet',
      {
        config: { permission: OWN },
        schema: { tags, querystring: WalletQuerySchema, response: { 200: envelopeSchema(WalletListSchema) } },
      },
      async (request) => ok('Wallets', await service.find(request.auth, request.query)),
    );

    app.get(
      '/wallet/all',
      {
        config: { permission: { module: 'wallet' } },
        schema: {
          tags,
          querystring: WalletAllQuerySchema,
          response: { 200: envelopeSchema(WalletPageSchema) },
        },
      },
      async (request) => ok('Wallets', await service.list(request.auth, request.query)),
    );

    app.post(
      '/wallet',
      {
        config: { permission: { module: 'wallet', action: 'add-money' } },
        schema: { tags, body: CreateWalletBodySchema, response: { 200: envelopeSchema(WalletSchema) } },
      },
      async (request) => ok('Wallet opened', await service.open(actorOf(request), request.body)),
    );

    app.get(
      '/wallet/:id',
      {
        config: { permission: OWN },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(WalletSchema) } },
      },
      async (request) => ok('Wallet', await service.get(request.auth, toId(request.params.id))),
    );

    app.get(
      '/wallet/:id/transactions',
      {
        config: { permission: OWN },
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: WalletTransactionQuerySchema,
          response: { 200: envelopeSchema(WalletTransactionPageSchema) },
        },
      },
      async (request) =>
        ok(
          'Wallet transactions',
          await service.transactions(request.auth, toId(request.params.id), request.query),
        ),
    );

    app.put(
      '/wallet/add/:id',
      {
        // Moves money: the session confirms the password first (ASVS 4.3.3, http/authenticate.ts).
        config: { permission: { module: 'wallet', action: 'add-money' }, stepUp: true },
        schema: {
          tags,
          params: IdParamsSchema,
          body: AddMoneyBodySchema,
          response: { 200: envelopeSchema(WalletChangeSchema) },
        },
      },
      async (request) =>
        ok('Money added', await service.addMoney(actorOf(request), toId(request.params.id), request.body)),
    );

    app.put(
      '/wallet/deduct/:id',
      {
        // Moves money: the session confirms the password first (ASVS 4.3.3, http/authenticate.ts).
        config: { permission: { module: 'wallet', action: 'deduct-money' }, stepUp: true },
        schema: {
          tags,
          params: IdParamsSchema,
          body: DeductMoneyBodySchema,
          response: { 200: envelopeSchema(WalletChangeSchema) },
        },
      },
      async (request) =>
        ok(
          'Money deducted',
          await service.deductMoney(actorOf(request), toId(request.params.id), request.body),
        ),
    );
  },
};
