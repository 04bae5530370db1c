import type { ServiceIdentifier } from 'inversify';
import type { MailServiceOptions, ResolvedConfig } from '../config.ts';

/** What each area's bindings get from the composition root: the two ways to bind, and the configuration. */
export interface Binder {
  /** Binds a constant (an adapter built from config). */
  value<V>(token: ServiceIdentifier<V>, v: V): void;
  /** Binds a factory over other tokens; every binding is a singleton. */
  make<V>(token: symbol, deps: symbol[], factory: (...args: any[]) => V): void;
  config: ResolvedConfig;
  options: MailServiceOptions;
}
