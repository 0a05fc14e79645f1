// @ts-check
// What every stand-in provider's routes share: exact routing, bodies read as text, query params.
import express from 'express';

/**
 * @typedef {{ api: import('express').Router, control: import('express').Router }} Provider
 *   a stand-in provider: its API's routes, and its test controls (the app mounts them under /__control)
 * @typedef {(message: string) => void} Log
 */

/** Exact paths and case, as the provider matches them (Express would also accept a trailing slash). */
export const newRouter = () => express.Router({ strict: true, caseSensitive: true });

/**
 * Every POST body as text, whatever its Content-Type, so the handlers parse it as the provider
 * does (a JSON API, form posts from the checkout page) and a malformed one gets the provider's answer.
 */
export const textBody = express.text({ type: () => true, limit: 64 * 1024 });

/** @param {import('express').Request} req */
export const bodyText = (req) => (typeof req.body === 'string' ? req.body : '');

/** A query parameter's first value, as the provider reads it (Express's parser would give arrays). */
export const queryParam = (/** @type {import('express').Request} */ req, /** @type {string} */ name) =>
  new URLSearchParams(req.originalUrl.split('?')[1] ?? '').get(name);

/**
 * How the provider posts to the clinic (callbacks, fulfilments, USSD requests): a JSON body,
 * given up after `timeoutMs`. Resolves to the response; rejects if it cannot be sent or times out.
 * @param {string} url @param {unknown} body @param {number} timeoutMs
 */
export const postJson = (url, body, timeoutMs) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
