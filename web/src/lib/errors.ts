// Turning a failed call into what the form shows: per-field texts when the
// server sent them, otherwise its message.
import { ApiError } from './api'

export const GENERIC_ERROR = 'An error was encountered, please contact us if problem persists.'

export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message || GENERIC_ERROR
  return GENERIC_ERROR
}

export function errorFields(e: unknown): Record<string, string> {
  return e instanceof ApiError ? e.fields : {}
}

export function errorCode(e: unknown): string {
  return e instanceof ApiError ? e.code : 'network'
}
