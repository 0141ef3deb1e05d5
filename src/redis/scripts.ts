/**
 * The Lua scripts RedisStore runs: each decision is one script, so it is atomic across every process sharing the
 * Redis (no read-then-write race), and it reads Redis's own clock, so the processes' clocks need not agree. Every
 * key a script writes gets an expiry.
 */
import { createHash } from "node:crypto";

/** A script and the SHA-1 that EVALSHA names it by. */
export interface Script {
  text: string;
  sha: string;
}

function script(text: string): Script {
  return { text, sha: createHash("sha1").update(text).digest("hex") };
}

/** Redis's clock in ms, as `now`. */
const NOW = `local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)`;

/**
 * Admission. KEYS: the rate window (a sorted set of call start times), the breaker (a hash: `opened` when the
 * circuit opened, `trial` and `trial_until` while a half-open trial runs), the breaker's failures (a sorted set).
 * ARGV: has rate limit, calls, perMs, take, member, has breaker, cooldownMs, trial token, trial lease ms.
 * Answers {"rate_limited", retry after ms}, {"circuit_open", failures} or {"run", trial token or ""}.
 */
export const ADMIT: Script = script(`${NOW}
local rate = ARGV[1] == '1'
local per = tonumber(ARGV[3])
if rate then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - per)
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
    local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    return {'rate_limited', math.max(0, tonumber(oldest[2]) + per - now)}
  end
end
local trial = ''
if ARGV[6] == '1' then
  local opened = redis.call('HGET', KEYS[2], 'opened')
  if opened then
    local lease = tonumber(redis.call('HGET', KEYS[2], 'trial_until') or '0')
    if lease > now or now - tonumber(opened) < tonumber(ARGV[7]) then
      return {'circuit_open', redis.call('ZCARD', KEYS[3])}
    end
    trial = ARGV[8]
    redis.call('HSET', KEYS[2], 'trial', trial, 'trial_until', now + tonumber(ARGV[9]))
    redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[7]) * 2 + tonumber(ARGV[9]))
  end
end
if rate and ARGV[4] == '1' then
  redis.call('ZADD', KEYS[1], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[1], per)
end
return {'run', trial}`);

/**
 * Counting a call after its policy allowed it, if it still fits. KEYS: the rate window. ARGV: calls, perMs,
 * member. Answers 1 (counted) or 0.
 */
export const TAKE: Script = script(`${NOW}
local per = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - per)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], per)
return 1`);

/**
 * How a call ended, for the breaker. KEYS: the breaker hash, its failures. ARGV: verdict, trial token or "",
 * failures, windowMs, cooldownMs, member. A trial whose token is no longer the breaker's (its lease passed and
 * another trial began) counts as an ordinary call. A circuit nobody calls is forgotten (closed) after its window
 * and two cooldowns.
 */
export const SETTLE: Script = script(`${NOW}
local trial = false
if ARGV[2] ~= '' and redis.call('HGET', KEYS[1], 'trial') == ARGV[2] then
  redis.call('HDEL', KEYS[1], 'trial', 'trial_until')
  trial = true
end
local verdict = ARGV[1]
if verdict == 'neutral' then return 0 end
if verdict == 'success' then
  if trial then redis.call('DEL', KEYS[1], KEYS[2]) end
  return 0
end
local limit = tonumber(ARGV[3])
local window = tonumber(ARGV[4])
local ttl = window + tonumber(ARGV[5]) * 2
if trial then
  redis.call('HSET', KEYS[1], 'opened', now)
  redis.call('PEXPIRE', KEYS[1], ttl)
  return 0
end
redis.call('ZADD', KEYS[2], now, ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[2])
if count > limit then redis.call('ZREMRANGEBYRANK', KEYS[2], 0, count - limit - 1) end
redis.call('PEXPIRE', KEYS[2], ttl)
if redis.call('HEXISTS', KEYS[1], 'opened') == 0 and math.min(count, limit) >= limit then
  redis.call('HSET', KEYS[1], 'opened', now)
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return 0`);

/**
 * Undoing an admission or a count whose answer came after its timeout. KEYS: the rate window, the breaker hash.
 * ARGV: the call's member, the trial token or "". A trial is freed only while it is still this call's.
 */
export const RELEASE: Script = script(`redis.call('ZREM', KEYS[1], ARGV[1])
if ARGV[2] ~= '' and redis.call('HGET', KEYS[2], 'trial') == ARGV[2] then
  redis.call('HDEL', KEYS[2], 'trial', 'trial_until')
end
return 0`);
