import type { AccessStore, Actor, ApiToken, Operator, OperatorChange } from '../store/access.js';
import type { Authenticator } from './authenticator.js';
import { hashPassword, passwordMatches } from './passwords.js';
import { newTokenSecret, secretHash } from './tokens.js';
import { operatorName, password as checkedPassword, role as checkedRole, tokenExpiry, tokenName, tokenScope } from './validation.js';

/**
 * Operators and tokens as the admin API, the command line and the console (decisions §18) manage
 * them: input checked (`AccessInputError`), passwords hashed, every change audited by the store.
 */
export class AccessService {
  /** A hash of nothing anyone knows, verified for unknown names so they take as long as wrong passwords. */
  private decoy: Promise<string> | undefined;

  constructor(
    readonly store: AccessStore,
    private readonly authenticator: Authenticator | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async createOperator(input: { readonly name: unknown; readonly role: unknown; readonly password: unknown }, actor: Actor): Promise<Operator> {
    const name = operatorName(input.name);
    const role = checkedRole(input.role);
    const passwordHash = await hashPassword(checkedPassword(input.password));
    return this.store.createOperator({ name, role, passwordHash }, this.time(), actor);
  }

  async changePassword(name: string, password: unknown, actor: Actor): Promise<Operator | undefined> {
    return this.changeOperator(name, { action: 'operator.passwd', passwordHash: await hashPassword(checkedPassword(password)) }, actor);
  }

  async changeRole(name: string, role: unknown, actor: Actor): Promise<Operator | undefined> {
    return this.changeOperator(name, { action: 'operator.role', role: checkedRole(role) }, actor);
  }

  async setDisabled(name: string, disabled: boolean, actor: Actor): Promise<Operator | undefined> {
    return this.changeOperator(name, { action: disabled ? 'operator.disable' : 'operator.enable' }, actor);
  }

  operators(): Promise<readonly Operator[]> {
    return this.store.operators();
  }

  /**
   * The operator whose name and password these are, if enabled; undefined otherwise. An unknown
   * name verifies a decoy hash, so it costs the same Argon2id time as a wrong password (the
   * console's sign-in, decisions §18, calls this).
   */
  async verifySignIn(name: string, password: string): Promise<Operator | undefined> {
    const found = await this.store.operatorCredentials(name);
    if (found === undefined) {
      this.decoy ??= hashPassword('decoy: no operator has this password');
      await passwordMatches(await this.decoy, password);
      return undefined;
    }
    const matches = await passwordMatches(found.passwordHash, password);
    return matches && !found.operator.disabled ? found.operator : undefined;
  }

  /** A new token and its secret, which is never available again. */
  async createToken(input: { readonly name: unknown; readonly scope: unknown; readonly expiresAt?: unknown }, actor: Actor): Promise<{ readonly token: ApiToken; readonly secret: string }> {
    const name = tokenName(input.name);
    const scope = tokenScope(input.scope);
    const expiresAt = tokenExpiry(input.expiresAt, this.now());
    const secret = newTokenSecret();
    const token = await this.store.createToken({ name, scope, expiresAt, secretHash: secretHash(secret) }, this.time(), actor);
    this.authenticator?.forget();
    return { token, secret };
  }

  tokens(): Promise<readonly ApiToken[]> {
    return this.store.tokens();
  }

  async revokeToken(id: number, actor: Actor): Promise<boolean> {
    const revoked = await this.store.revokeToken(id, this.time(), actor);
    this.authenticator?.forget();
    return revoked;
  }

  private async changeOperator(name: string, change: OperatorChange, actor: Actor): Promise<Operator | undefined> {
    const changed = await this.store.changeOperator(name, change, this.time(), actor);
    this.authenticator?.forget();
    return changed;
  }

  private time(): string {
    return new Date(this.now()).toISOString();
  }
}
