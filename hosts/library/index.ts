import 'reflect-metadata';

export { createMailService, type MailService } from './mail-service.ts';
export type { MailServiceOptions } from './config.ts';
export type { Caller } from '../../core/auth/caller.ts';
export { AppError, type ErrorCode } from '../../core/kernel/errors.ts';
