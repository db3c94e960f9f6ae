import type { FastifyError, FastifyInstance } from 'fastify';
import { Code, messageFor, validationText, type CodeValue, type Lang } from '@gx/contract';
import { AppError } from './errors';
import { fileTooLarge } from './body';
import { langOf } from './lang';
import { envelope, handlerStarted } from './endpoint';

/** Fastify's own refusals (malformed JSON, size, media type) mapped onto the contract's codes. */
function codeForFastifyError(err: FastifyError): CodeValue | null {
  const status = err.statusCode ?? 500;
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) return Code.PAYLOAD_TOO_LARGE;
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return Code.UNSUPPORTED_MEDIA_TYPE;
  if (status === 404) return Code.UNKNOWN_ENDPOINT;
  if (status >= 400 && status < 500) return Code.VALIDATION;
  return null;
}

/** A readable message in the request language; validation failures name the field. */
export function appErrorMessage(error: AppError, lang: Lang): string {
  const label = error.fieldLabel?.[lang];
  if (error.code !== Code.VALIDATION) {
    const text = (error.message && validationText(error.message, lang)) || error.message || messageFor(error.code, lang);
    return label ? named(label, text, lang) : text;
  }
  const text = (error.message && validationText(error.message, lang)) ?? validationText('validation.invalid', lang) ?? '';
  if (label) return named(label, text, lang);
  return error.field ? `${text} (${error.field})` : text;
}

/** "用户名：该值已被使用" / "Username: this value is already taken". */
function named(label: string, text: string, lang: Lang): string {
  return lang === 'zh_CN' ? `${label}：${text}` : `${label}: ${text}`;
}

/**
 * The last word on every failure: business failures answer their code; anything unexpected is logged with the
 * request id and answers a generic message, never a stack.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const lang = langOf(req.headers['accept-language']);
    error = fileTooLarge(req, error) ?? error;
    if (error instanceof AppError) {
      const msg = appErrorMessage(error, lang);
      const extra: Record<string, unknown> = {};
      if (error.field) extra.field = error.field;
      if (error.data !== undefined) extra.data = error.data;
      return reply.status(200).send(envelope(error.code, msg, extra));
    }
    const code = codeForFastifyError(error as FastifyError) ?? (handlerStarted.has(req) ? null : Code.VALIDATION);
    if (code !== null) {
      req.log.info({ err: { code: (error as FastifyError).code, message: error.message } }, 'request refused');
      const field = code === Code.VALIDATION ? '(body)' : undefined;
      return reply.status(200).send(envelope(code, messageFor(code, lang), field ? { field } : {}));
    }
    req.log.error({ err: error }, 'unexpected server fault');
    return reply.status(200).send(envelope(Code.INTERNAL, messageFor(Code.INTERNAL, lang), { requestId: String(req.id) }));
  });
}
