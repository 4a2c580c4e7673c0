// Replica mode: what several Tollgate nodes share through Redis. Each node's primary stays the
// owner for its own workers (leases, settlement batches) and takes *node leases* of every budget
// account from Redis, where one atomic script per operation keeps, for each account, what the
// database holds (durable) and what is leased out per node. Each operation that moves money is
// applied once however often it is sent (see `once` below). Nodes prove they are alive with a
// heartbeat; a dead node's leases return to the pool within seconds, and its accounts are read again
// from the database (it may have written charges Redis never heard of). Circuit changes and catalog
// changes travel by publish/subscribe; a circuit's half-open probe is claimed once for all nodes.
//
// After Redis restarts empty, accounts are rebuilt from the database as they are used. Grants wait
// for a short grace period first, so that every live node has re-registered the leases it still
// holds (its heartbeat does it) before anyone is granted what they cover.
//
// A node cut off from Redis cannot tell a dead Redis from its own partition, and the others sweep it
// once its heartbeat lapses (3 s). So it spends its leases only while its last heartbeat is younger
// than the heartbeat's TTL less one beat (2 s); then its workers' spare leases are recalled and it
// grants and admits nothing until it is back. Back, a heartbeat that finds its lapsed (or a new
// epoch) has it tell Redis the charges it wrote meanwhile, then register again what its calls hold
// and its calls in flight, before anything new is granted or admitted.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { AccountId, Grant, LeaseRequest } from "./accounts.ts";
import { type Admission, type RateLimitName, type RateScope, type RateState, type RateTicket, rateBook, windowMs } from "./rate-limits.ts";

/**
 * How long Redis remembers a lease or charge operation it applied. A repeat within it is answered as
 * the first was and changes nothing; one after it (a connection that hung for longer) can only lower
 * what Redis lends, or finds the node swept (it registers its leases again).
 */
const leaseOperationKeepMs = 10 * 60_000;
/** A charge whose write committed without its answer: Redis takes it off whatever it read (less money, never more). */
export const unknownSeq = Number.MAX_SAFE_INTEGER;
/**
 * How many of an account's latest charges Redis keeps with their numbers: a load takes off those its
 * read lacks, which came in the few milliseconds it took (a node writes an account's charges at most
 * once a batch).
 */
const chargeLogLength = 1024;
/** How long it remembers the steps of a balance or cap change. A node sends a second step that failed again until an hour before. */
const adjustmentKeepMs = 24 * 3_600_000;
const adjustmentRetryMs = adjustmentKeepMs - 3_600_000;
/** A cap being changed lends nothing until the node that changes it has reloaded it; past this, whoever asks for it reloads it. */
const capRestartMs = 10_000;
/** The change's write must commit by then (it is refused otherwise): a reload after the deadline reads its outcome. */
const capWriteMs = capRestartMs / 2;

// Scripts that move money are applied once each: KEYS[1] names the operation (tg:op:<id>). ioredis
// sends a command whose answer was lost again once it has reconnected, and a node retries a step
// that failed; a repeat gets the first answer back.
//
// An account is loaded from a database read that held its row's charges up to 'seq' (the row's
// charge count, budgets.ts): a flushed charge numbered above it is one the read lacks, and one at or
// below it is in the read already, whatever the clocks say. Every charge with its number is also
// kept a while in 'tg:charges:<account>' (a sorted set by number), so that a load or reload whose
// read began before a charge that Redis heard of first takes that charge off too. 'born' names the
// load (Redis may lose its state and load it again), 'gen' the latest load or reload, and 'changes'
// counts the steps of balance changes, sweeps and reloads (a reload whose read may predate one reads
// again). 'stale': a swept node's charges may be missing, so the sweeping node reloads it (and, if that fails, the next node that asks).
//
// A member's or key's cap being changed is noted in 'tg:restarts:<member or key>' (change id →
// deadline): none of its accounts (one per period) lends until each change's node has reloaded it
// after its write; past a deadline, whoever asks reloads it.
const accountScripts = `
local function once(keepMs, apply)
  local done = redis.call('GET', KEYS[1])
  if done then return cjson.decode(done) end
  local answer = apply()
  redis.call('SET', KEYS[1], cjson.encode(answer), 'PX', keepMs)
  return answer
end
-- What a read (durable, as of charge count seq) holds less the charges numbered above seq that Redis
-- heard of; those at or below it are forgotten (every later read has them).
local function afterCharges(account, durable, seq)
  local log = 'tg:charges:' .. account
  local missing = 0
  for _, entry in ipairs(redis.call('ZRANGEBYSCORE', log, '(' .. seq, '+inf')) do
    missing = missing + tonumber(string.match(entry, '^[^:]+:([^:]+)'))
  end
  redis.call('ZREMRANGEBYSCORE', log, '-inf', seq)
  return string.format('%.0f', tonumber(durable) - missing)
end
local function load(key, account, durable, seq, id)
  redis.call('HSET', key, 'durable', afterCharges(account, durable, seq), 'leased', '0', 'seq', seq, 'born', id, 'gen', id, 'changes', '0')
end
local function restartsOf(account)
  return 'tg:restarts:' .. string.match(account, '^[^@]+')
end
local function reloading(key, account, now)
  if redis.call('HEXISTS', key, 'stale') == 1 then return {'reload', account} end
  local deadlines = redis.call('HVALS', restartsOf(account))
  -- (versions before 'tg:restarts' kept one deadline in the account)
  local legacy = redis.call('HGET', key, 'reloading')
  if legacy then deadlines[#deadlines + 1] = legacy end
  local wait = 0
  for _, deadline in ipairs(deadlines) do
    if now >= tonumber(deadline) then return {'reload', account} end
    wait = math.max(wait, tonumber(deadline) - now)
  end
  -- Asked again soon: a change's write usually takes milliseconds.
  if wait > 0 then return {'wait', string.format('%.0f', math.min(wait, 250))} end
  return nil
end`;

const acquireScript = `${accountScripts}
return once(${leaseOperationKeepMs}, function()
  local node, nodes, now, grace = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
  local epoch = tonumber(redis.call('GET', 'tg:epoch') or '0')
  if epoch == 0 then redis.call('SET', 'tg:epoch', ARGV[3]); epoch = now end
  if now - epoch < grace then return {'wait', string.format('%.0f', epoch + grace - now)} end
  local n = (#ARGV - 4) / 5
  for i = 0, n - 1 do
    local account = ARGV[5 + i * 5]
    local key = 'tg:acct:' .. account
    -- Not loaded while its cap is being changed: the read may predate the write.
    local busy = reloading(key, account, now)
    if busy then return busy end
    if redis.call('EXISTS', key) == 0 then load(key, account, ARGV[8 + i * 5], ARGV[9 + i * 5], KEYS[1]) end
    local free = tonumber(redis.call('HGET', key, 'durable')) - tonumber(redis.call('HGET', key, 'leased'))
    if free < tonumber(ARGV[6 + i * 5]) then
      -- Scarce for a while: only exact needs are granted, so no refill ahead of need takes what a waiting call needs.
      redis.call('SET', 'tg:scarce:' .. account, '1', 'PX', 2000)
      return {'short', account}
    end
  end
  local out = {'granted'}
  for i = 0, n - 1 do
    local account, need, extra = ARGV[5 + i * 5], tonumber(ARGV[6 + i * 5]), tonumber(ARGV[7 + i * 5])
    local key = 'tg:acct:' .. account
    local spare = tonumber(redis.call('HGET', key, 'durable')) - tonumber(redis.call('HGET', key, 'leased')) - need
    local share = math.min(extra, math.floor(spare / (2 * math.max(1, nodes))))
    if redis.call('EXISTS', 'tg:scarce:' .. account) == 1 then share = 0 end
    local amount = string.format('%.0f', need + share)
    redis.call('HINCRBY', key, 'leased', amount)
    redis.call('HINCRBY', 'tg:leases:' .. node, account, amount)
    out[#out + 1] = amount
  end
  redis.call('SADD', 'tg:nodes', node)
  return out
end)`;

// ARGV: kind, node, epoch (the node's), then pairs (account, amount) — with kind 'flushed', triples
// (account, amount, seq). Gives back up to what the node holds; with kind 'flushed' the amount was
// charged instead (written to the database as the row's charge number seq), so the durable figure
// drops with it — unless the account was loaded from a read that already has that charge (its
// 'seq' is at least the charge's). A charge whose number is unknown (unknownSeq) drops it
// anyway: less money, never more, until reconciliation reads the account again. Leases of an
// earlier epoch are left alone: the node registers what it holds again in this one.
const returnScript = `${accountScripts}
return once(${leaseOperationKeepMs}, function()
  local charges, node = ARGV[1] == 'flushed', ARGV[2]
  local sameEpoch = redis.call('GET', 'tg:epoch') == ARGV[3]
  local stride = charges and 3 or 2
  for i = 4, #ARGV, stride do
    local account, amount = ARGV[i], tonumber(ARGV[i + 1])
    local key = 'tg:acct:' .. account
    local held = sameEpoch and tonumber(redis.call('HGET', 'tg:leases:' .. node, account) or '0') or 0
    local back = math.min(held, amount)
    if back > 0 then
      redis.call('HINCRBY', key, 'leased', string.format('%.0f', -back))
      if held - back > 0 then redis.call('HINCRBY', 'tg:leases:' .. node, account, string.format('%.0f', -back))
      else redis.call('HDEL', 'tg:leases:' .. node, account) end
    end
    if charges then
      local seq = ARGV[i + 2]
      local known = seq ~= '${unknownSeq}'
      if known then
        local log = 'tg:charges:' .. account
        redis.call('ZADD', log, seq, seq .. ':' .. ARGV[i + 1] .. ':' .. KEYS[1] .. ':' .. i)
        redis.call('ZREMRANGEBYRANK', log, 0, -${chargeLogLength + 1})
        redis.call('PEXPIRE', log, ${leaseOperationKeepMs})
      end
      -- (An account loaded before charges were numbered has no 'seq': it takes every charge.)
      if redis.call('EXISTS', key) == 1 and (not known or tonumber(seq) > tonumber(redis.call('HGET', key, 'seq') or '-1')) then
        redis.call('HINCRBY', key, 'durable', string.format('%.0f', -amount))
      end
    end
  end
  return 1
end)`;

// A balance change in two steps around the database's write, so that no load of the account can
// carry a figure read before the write into Redis after it (where the change would then be lost):
// the first step loads the account if Redis does not have it yet, from a read of this node's, and
// every later load finds it there. ARGV: account, delta, durableIfMissing, its seq, now, grace, id
// (of the change). A removal (delta < 0) is taken out at once, refused when it would take money
// leased out, and noted as pending until the second step. Answers which load of the account it
// counted on ('gen'). Not within the grace period of a new epoch: the leases of other nodes are
// not all re-registered.
const adjustBeginScript = `${accountScripts}
return once(${adjustmentKeepMs}, function()
  local account, delta, now, grace = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[5]), tonumber(ARGV[6])
  local key = 'tg:acct:' .. account
  local epoch = redis.call('GET', 'tg:epoch')
  if not epoch then redis.call('SET', 'tg:epoch', ARGV[5]); epoch = ARGV[5] end
  if now - tonumber(epoch) < grace then return {'wait', string.format('%.0f', tonumber(epoch) + grace - now)} end
  local busy = reloading(key, account, now)
  if busy then return busy end
  if redis.call('EXISTS', key) == 0 then load(key, account, ARGV[3], ARGV[4], KEYS[1]) end
  if delta < 0 then
    if tonumber(redis.call('HGET', key, 'durable')) - tonumber(redis.call('HGET', key, 'leased')) < -delta then return {'short'} end
    redis.call('HINCRBY', key, 'durable', ARGV[2])
    redis.call('HSET', 'tg:pending:' .. account, ARGV[7], string.format('%.0f', -delta))
    redis.call('PEXPIRE', 'tg:pending:' .. account, ${adjustmentKeepMs})
  end
  redis.call('HINCRBY', key, 'changes', 1)
  return {'ready', redis.call('HGET', key, 'gen')}
end)`;

// The second step, after the write. ARGV: account, counted (what the first step took), written
// (what the database took), gen (the load the first step counted on), id. An account Redis does
// not have is loaded later from a read that has the write. One loaded again since the first step
// (Redis lost its state) came from a read that may or may not have the write: the answer 'reload'
// has the node read it again now, after the write (reloadScript), rather than guess from clocks.
const adjustEndScript = `${accountScripts}
return once(${adjustmentKeepMs}, function()
  local key = 'tg:acct:' .. ARGV[1]
  redis.call('HDEL', 'tg:pending:' .. ARGV[1], ARGV[5])
  if redis.call('EXISTS', key) == 0 then return {'done'} end
  redis.call('HINCRBY', key, 'changes', 1)
  if redis.call('HGET', key, 'gen') ~= ARGV[4] then return {'reload'} end
  local change = tonumber(ARGV[3]) - tonumber(ARGV[2])
  if change ~= 0 then redis.call('HINCRBY', key, 'durable', string.format('%.0f', change)) end
  return {'done'}
end)`;

// A member's or key's cap (or its period) about to change. A change computed from what was read
// before the write would miss another one made at the same moment, and an account Redis kept from
// an earlier cap knows nothing of what was spent since; so before the write, every account of the
// member or key is marked to lend nothing until the change's node has read the account the cap
// counts in now again after the write — or until ARGV[2] (a deadline, past which the write can no
// longer commit). ARGV: an account of it, deadline, id (of the change).
const capRestartScript = `${accountScripts}
return once(${adjustmentKeepMs}, function()
  local restarts = restartsOf(ARGV[1])
  redis.call('HSET', restarts, ARGV[3], ARGV[2])
  redis.call('PEXPIRE', restarts, ${adjustmentKeepMs})
  return 1
end)`;

// An account loaded again from a database read, keeping what is leased out of it (loaded, if Redis
// does not have it). ARGV: account, durable (read), loadedAt, the read's seq, then born and changes
// as they were before the read, gen (a new id), and the id of the cap change this ends (or '').
// Charges numbered above the read's seq are missing from it, and so may be removals still pending:
// they are taken out. A change's step since then, or another reload, may be missing too: the answer
// 'again' has the node read once more. Cap changes whose deadline passed before the read began are
// over (their write can no longer commit). Otherwise answers 'done' with what Redis held before and
// holds now, and 1 when every charge the read holds had reached Redis before (then any difference
// between the two figures is drift; else charges on their way explain it).
const reloadScript = `${accountScripts}
local account, read, loadedAt, seq = ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[4]
local key = 'tg:acct:' .. account
if (redis.call('HGET', key, 'born') or '') ~= ARGV[5] or (redis.call('HGET', key, 'changes') or '0') ~= ARGV[6] then return {'again'} end
local pending = 0
for _, amount in ipairs(redis.call('HVALS', 'tg:pending:' .. account)) do pending = pending + tonumber(amount) end
local log = 'tg:charges:' .. account
local before, complete = '', 0
if ARGV[5] == '' then
  load(key, account, string.format('%.0f', read - pending), seq, ARGV[7])
else
  before = redis.call('HGET', key, 'durable')
  -- Every charge of the row up to the read's is in the log (numbered from the account's own read on): none was on its way.
  local from = tonumber(redis.call('HGET', key, 'seq') or '-1')
  -- (A removal under way may be in the read and taken off again until its second step: not drift.)
  if pending == 0 and from >= 0 and redis.call('ZCOUNT', log, '(' .. from, seq) == tonumber(seq) - from then complete = 1 end
  redis.call('HSET', key, 'durable', afterCharges(account, read - pending, seq), 'seq', seq, 'gen', ARGV[7])
  redis.call('HDEL', key, 'stale')
end
redis.call('HINCRBY', key, 'changes', 1)
local restarts = restartsOf(account)
if ARGV[8] ~= '' then redis.call('HDEL', restarts, ARGV[8]) end
local marks = redis.call('HGETALL', restarts)
for i = 1, #marks, 2 do
  if tonumber(marks[i + 1]) <= tonumber(loadedAt) then redis.call('HDEL', restarts, marks[i]) end
end
local legacy = redis.call('HGET', key, 'reloading')
if legacy and tonumber(legacy) <= tonumber(loadedAt) then redis.call('HDEL', key, 'reloading') end
return {'done', before, redis.call('HGET', key, 'durable'), complete}`;

// Heartbeat: ARGV node, now, ttlMs. Returns the epoch (when this Redis's state began) and 1 when
// this node's last heartbeat had lapsed: another node's sweep may have dropped its leases and calls.
// (Only this node sets its alive key, so a key still there means no sweep can have taken it.)
const heartbeatScript = `
local lapsed = redis.call('EXISTS', 'tg:alive:' .. ARGV[1]) == 0 and 1 or 0
redis.call('SET', 'tg:alive:' .. ARGV[1], '1', 'PX', ARGV[3])
redis.call('SADD', 'tg:nodes', ARGV[1])
redis.call('SET', 'tg:epoch', ARGV[2], 'NX')
return {redis.call('GET', 'tg:epoch'), lapsed}`;

// What this node holds, after a new epoch or a lapsed heartbeat: ARGV node, id, then quads
// (account, amount, durableIfMissing, its seq); each amount replaces what Redis counted for this
// node (so a repeat changes nothing). Returns the accounts now leased beyond what they hold: while
// this node was swept, the money its calls hold was free to lease to others.
const registerScript = `${accountScripts}
local node, over = ARGV[1], {}
for i = 3, #ARGV, 4 do
  local key, amount = 'tg:acct:' .. ARGV[i], tonumber(ARGV[i + 1])
  if redis.call('EXISTS', key) == 0 and amount > 0 then load(key, ARGV[i], ARGV[i + 2], ARGV[i + 3], ARGV[2]) end
  if redis.call('EXISTS', key) == 1 then
    local before = tonumber(redis.call('HGET', 'tg:leases:' .. node, ARGV[i]) or '0')
    redis.call('HINCRBY', key, 'leased', string.format('%.0f', amount - before))
    if amount > 0 then redis.call('HSET', 'tg:leases:' .. node, ARGV[i], ARGV[i + 1]) else redis.call('HDEL', 'tg:leases:' .. node, ARGV[i]) end
    if tonumber(redis.call('HGET', key, 'durable')) < tonumber(redis.call('HGET', key, 'leased')) then over[#over + 1] = ARGV[i] end
  end
end
return over`;

// Leases of nodes whose heartbeat expired go back to their accounts. The node may have written
// charges to the database that Redis never heard of (it could not reach Redis, or it died between
// the write and telling Redis): each of its accounts is marked to be read again before it lends,
// and returned, so that the sweeping node reads them again at once (an account no node asks for
// again would otherwise keep the missing charge in its figure). Returns those accounts.
const sweepScript = `
local stale = {}
for _, node in ipairs(redis.call('SMEMBERS', 'tg:nodes')) do
  if redis.call('EXISTS', 'tg:alive:' .. node) == 0 then
    local leases = redis.call('HGETALL', 'tg:leases:' .. node)
    for i = 1, #leases, 2 do
      local key = 'tg:acct:' .. leases[i]
      if redis.call('EXISTS', key) == 1 then
        redis.call('HINCRBY', key, 'leased', string.format('%.0f', -tonumber(leases[i + 1])))
        redis.call('HSET', key, 'stale', '1')
        redis.call('HINCRBY', key, 'changes', 1)
        stale[#stale + 1] = leases[i]
      end
    end
    redis.call('DEL', 'tg:leases:' .. node)
    local calls = redis.call('HGETALL', 'tg:ratecalls:' .. node)
    for i = 1, #calls, 2 do
      for scope in string.gmatch(calls[i + 1], '[^\\n]+') do redis.call('HDEL', 'tg:rateflight:' .. scope, calls[i]) end
    end
    redis.call('DEL', 'tg:ratecalls:' .. node)
    -- Calls in flight counted per worker, as versions before 'tg:ratecalls' kept them.
    for _, holder in ipairs(redis.call('SMEMBERS', 'tg:rateholders:' .. node)) do
      for _, scope in ipairs(redis.call('SMEMBERS', 'tg:ratescopes:' .. holder)) do redis.call('HDEL', 'tg:rateflight:' .. scope, holder) end
      redis.call('DEL', 'tg:ratescopes:' .. holder)
    end
    redis.call('DEL', 'tg:rateholders:' .. node)
    redis.call('SREM', 'tg:nodes', node)
  end
end
return stale`;

// Rate limits across nodes — the owner's rate book (rate-limits.ts) as scripts: per scope a
// one-minute window {start, requests, tokens} and its calls in flight, a field per call in
// 'tg:rateflight:<scope>'. Each node keeps its calls' scopes in 'tg:ratecalls:<node>' (call → scopes,
// one a line): a call's end counts once however often it is sent (a retry after a lost answer), and
// the sweep of a dead node frees its calls. A call is `<node>/<worker>/<n>`.
const rateWindow = `
local function roll(scope, now, win)
  local key = 'tg:rate:' .. scope
  local start = tonumber(redis.call('HGET', key, 'start') or '-1')
  if start < 0 or now >= start + win then
    redis.call('HSET', key, 'start', string.format('%.0f', now), 'requests', '0', 'tokens', '0')
    start = now
  end
  redis.call('PEXPIRE', key, win * 2)
  return key, start
end`;

// ARGV: now, call, node, windowMs, then quads (scope, rpm, tpm, concurrent) with -1 for none.
// Returns 'admitted' or 'refused' (limit, scope, retryAfter), then each scope's start, requests, tokens.
const rateAdmitScript = `${rateWindow}
local now, call, node, win = tonumber(ARGV[1]), ARGV[2], ARGV[3], tonumber(ARGV[4])
local n = (#ARGV - 4) / 4
local refused = nil
for i = 0, n - 1 do
  local scope, rpm, tpm, concurrent = ARGV[5 + i * 4], tonumber(ARGV[6 + i * 4]), tonumber(ARGV[7 + i * 4]), tonumber(ARGV[8 + i * 4])
  local key, start = roll(scope, now, win)
  local untilReset = math.max(1, math.ceil((start + win - now) / 1000))
  if not refused then
    if concurrent >= 0 and redis.call('HLEN', 'tg:rateflight:' .. scope) >= concurrent then refused = {'concurrent', scope, '1'}
    elseif rpm >= 0 and tonumber(redis.call('HGET', key, 'requests')) >= rpm then refused = {'rpm', scope, tostring(untilReset)}
    elseif tpm >= 0 and tonumber(redis.call('HGET', key, 'tokens')) >= tpm then refused = {'tpm', scope, tostring(untilReset)} end
  end
end
local out = {}
if refused then out = {'refused', refused[1], refused[2], refused[3]} else out = {'admitted', '', '', ''} end
local scopes = {}
for i = 0, n - 1 do
  local scope = ARGV[5 + i * 4]
  local key = 'tg:rate:' .. scope
  if not refused then
    redis.call('HINCRBY', key, 'requests', 1)
    redis.call('HSET', 'tg:rateflight:' .. scope, call, '1')
    scopes[#scopes + 1] = scope
  end
  local fields = redis.call('HMGET', key, 'start', 'requests', 'tokens')
  out[#out + 1] = fields[1]; out[#out + 1] = fields[2]; out[#out + 1] = fields[3]
end
if not refused then redis.call('HSET', 'tg:ratecalls:' .. node, call, table.concat(scopes, '\\n')) end
return out`;

// Calls that ended: their slots come free and their tokens count, once. KEYS[1] names the batch
// (see 'once'). ARGV: now, windowMs, node, then pairs (call, tokens). A call Redis no longer has
// was ended already (or swept with its node).
const rateEndScript = `${accountScripts}${rateWindow}
return once(${leaseOperationKeepMs}, function()
  local now, win, calls = tonumber(ARGV[1]), tonumber(ARGV[2]), 'tg:ratecalls:' .. ARGV[3]
  for i = 4, #ARGV, 2 do
    local scopes = redis.call('HGET', calls, ARGV[i])
    if scopes then
      for scope in string.gmatch(scopes, '[^\\n]+') do
        local key = roll(scope, now, win)
        redis.call('HINCRBY', key, 'tokens', ARGV[i + 1])
        redis.call('HDEL', 'tg:rateflight:' .. scope, ARGV[i])
      end
      redis.call('HDEL', calls, ARGV[i])
    end
  end
  return 1
end)`;

// This node's calls in flight, after a new epoch or a lapsed heartbeat. ARGV: node, then triples
// (call, scopes one a line, the batch its end was sent in or ''). A call whose end Redis took (the
// answer was lost) stays ended: put back in flight, its end sent again would count its tokens twice.
const rateRegisterScript = `
local calls = 'tg:ratecalls:' .. ARGV[1]
for i = 2, #ARGV, 3 do
  if ARGV[i + 2] == '' or redis.call('EXISTS', ARGV[i + 2]) == 0 then
    redis.call('HSET', calls, ARGV[i], ARGV[i + 1])
    for scope in string.gmatch(ARGV[i + 1], '[^\\n]+') do redis.call('HSET', 'tg:rateflight:' .. scope, ARGV[i], '1') end
  end
end
return 1`;

export type SharedBudgets = ReturnType<typeof redisShared>;

/** What the database holds for an account, as of its row's charge number `seq` (budgets.ts remainingAt). */
export type Durable = { left: number; seq: number };
const nothing: Durable = { left: 0, seq: 0 };
/** A charge written to the database: the amount, and the charge number its row took (unknownSeq: not known). */
export type Charge = Grant & { seq: number };

/** A balance change between its two steps in Redis: its id, what the first took out, which load of the account it counted on, and when it began. */
export type Adjustment = { id: string; account: AccountId; counted: number; gen: string; begunAt: number };
type AdjustmentEnd = Adjustment & { written: number };
/** A cap's change under way: its id, an account of its member or key, and by when its write must commit. */
export type CapRestart = { id: string; account: AccountId; commitBy: number };
/** Money this node gives back, until Redis has taken it; `registration`: of this node's leases, when it was given. */
type GiveBack = { op: string; grants: Grant[]; registration: number };

export type SharedOptions = {
  url: string;
  node: string;
  log: (event: string, fields: Record<string, unknown>) => void;
  /** Reads what the database holds for accounts Redis does not know yet. */
  durableOf: (accounts: AccountId[]) => Promise<Map<AccountId, Durable>>;
  /**
   * Redis must hear again what this node holds, through `register`: it lost its state (`newEpoch`:
   * it restarted empty, or this node just started), or this node's heartbeat lapsed and another
   * node may have swept its leases. Nothing is granted or admitted here until that is done.
   */
  onRejoin: (newEpoch: boolean) => Promise<void>;
  /** Out of touch with Redis long enough that the others may sweep this node soon: its workers' spare leases must come back. */
  onCutOff: () => void;
  onMessage: (channel: string, message: string) => void;
  /** A difference reconciliation found and mended: what Redis held of the account, and the figure from PostgreSQL put in its place. */
  onDrift?: (account: AccountId, redisHeld: number, databaseHeld: number) => void;
  heartbeatMs?: number;
  graceMs?: number;
  /** How often reconciliation runs on one of the nodes (0: never). */
  reconcileMs?: number;
};

export function redisShared(options: SharedOptions) {
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  const graceMs = options.graceMs ?? 3 * heartbeatMs;
  /** The others sweep this node once its alive key, set by each heartbeat for `ttlMs`, has expired. */
  const ttlMs = 3 * heartbeatMs;
  /** This node stops spending its leases a beat before that: by then its workers give their spare back. */
  const cutOffMs = ttlMs - heartbeatMs;
  // Commands fail fast while Redis is down (no offline queue), so a call is refused, not stuck.
  // Reconnect attempts every quarter second at most (ioredis's default backs off to 2 s): a Redis back
  // is seen within a beat, and the grace period, not the backoff, decides when grants start again.
  const retryStrategy = (attempt: number) => Math.min(attempt * 50, 250);
  const redis = new Redis(options.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false, retryStrategy });
  const subscriber = new Redis(options.url, { maxRetriesPerRequest: null, retryStrategy });
  for (const client of [redis, subscriber]) client.on("error", () => {}); // reconnects on its own; state is checked per call
  redis.defineCommand("tgAcquire", { numberOfKeys: 1, lua: acquireScript });
  redis.defineCommand("tgReturn", { numberOfKeys: 1, lua: returnScript });
  redis.defineCommand("tgAdjustBegin", { numberOfKeys: 1, lua: adjustBeginScript });
  redis.defineCommand("tgAdjustEnd", { numberOfKeys: 1, lua: adjustEndScript });
  redis.defineCommand("tgCapRestart", { numberOfKeys: 1, lua: capRestartScript });
  redis.defineCommand("tgReload", { numberOfKeys: 0, lua: reloadScript });
  redis.defineCommand("tgHeartbeat", { numberOfKeys: 0, lua: heartbeatScript });
  redis.defineCommand("tgRegister", { numberOfKeys: 0, lua: registerScript });
  redis.defineCommand("tgSweep", { numberOfKeys: 0, lua: sweepScript });
  redis.defineCommand("tgRateAdmit", { numberOfKeys: 0, lua: rateAdmitScript });
  redis.defineCommand("tgRateEnd", { numberOfKeys: 1, lua: rateEndScript });
  redis.defineCommand("tgRateRegister", { numberOfKeys: 0, lua: rateRegisterScript });
  const run = redis as unknown as Record<string, (...args: (string | number)[]) => Promise<any>>;
  /** The key that names one operation in Redis (see `once` in the scripts): the same id for each time it is sent. */
  const operation = (id: string = randomUUID()) => `tg:op:${id}`;

  let epoch: string | null = null;
  let nodes = 1;
  /** This node's leases and calls in flight are registered in the current epoch (not until its first heartbeat, nor after a lapse until registered again). */
  let registered = false;
  /** When the last heartbeat that went through began (its alive key lives at least `ttlMs` from then). */
  let touchedAt = Number.NEGATIVE_INFINITY;
  const inTouch = () => registered && Date.now() - touchedAt < cutOffMs;
  let cutOffTimer: NodeJS.Timeout | undefined;
  /** Registrations of this node's leases so far: money given back before the last one is in what it registered. */
  let registrations = 0;

  /**
   * Loads an account again from a database read, keeping what is leased out of it (reloadScript).
   * `restartId`: this ends that cap change, whose accounts lend nothing until then.
   */
  const reload = async (account: AccountId, restartId = "") => {
    for (let reads = 1; ; reads++) {
      // Before the read: a change Redis takes from here on may be missing from it.
      const [born, changes] = await redis.hmget(`tg:acct:${account}`, "born", "changes");
      const loadedAt = Date.now();
      const { left, seq } = (await options.durableOf([account])).get(account) ?? nothing;
      const [outcome] = (await run.tgReload(account, left, loadedAt, seq, born ?? "", changes ?? "0", randomUUID(), restartId)) as string[];
      if (outcome !== "again") return;
      if (reads === 10) throw new Error("an account kept changing while it was read again from the database");
    }
  };

  /**
   * A swept node's accounts, read again now rather than when a node next asks for one: until then
   * Redis's figure lacks the charges the dead node wrote and never told (it lends nothing of a stale
   * account, but an account no one asks for again kept the wrong figure). One that fails stays
   * stale, for the next node that asks.
   */
  const reloadSwept = async (accounts: AccountId[]) => {
    for (const account of new Set(accounts)) {
      await reload(account).catch((error) => options.log("call_state.swept_reload_failed", { account, error: String(error) }));
    }
  };

  /** Second steps of balance changes that Redis could not be reached for: retried at each heartbeat (Redis counts each once). */
  let unfinished: AdjustmentEnd[] = [];
  const endAdjustment = async (end: AdjustmentEnd) => {
    const [outcome] = (await run.tgAdjustEnd(operation(`${end.id}/end`), end.account, end.counted, end.written, end.gen, end.id)) as string[];
    // Loaded again since the first step (Redis lost its state), from a read that may or may not have the write: read after it.
    if (outcome === "reload") await reload(end.account);
  };
  const retryAdjustmentEnds = async () => {
    for (const end of unfinished.splice(0)) {
      if (Date.now() - end.begunAt > adjustmentRetryMs) {
        // Redis no longer remembers whether it took the first try: counted twice it could lend money the database lacks.
        options.log("call_state.adjustment_end_dropped", { account: end.account, counted: end.counted, written: end.written });
        continue;
      }
      await endAdjustment(end).catch(() => void unfinished.push(end));
    }
  };

  /** Money given back that Redis could not be reached for: sent again at each heartbeat, until this node registers its leases again (they no longer count it). */
  let ungiven: GiveBack[] = [];
  const sendBack = (back: GiveBack) =>
    run.tgReturn(back.op, "returned", options.node, epoch ?? "", ...back.grants.flatMap((grant) => [grant.account, grant.amount])).catch(() => {
      if (back.registration === registrations) ungiven.push(back);
    });

  /** Calls admitted in Redis whose end Redis has not taken yet, with their scopes: registered again with the leases. */
  const rateCalls = new Map<string, string[]>();
  type RateEnd = [call: string, tokens: number];
  /** Ends of calls (call, metered tokens) not sent yet. */
  let rateEnds: RateEnd[] = [];
  /** Ends sent in a batch (`op` names it) whose answer did not come: sent again under the same name at each heartbeat, so Redis counts each once. */
  const rateBatches: { op: string; ends: RateEnd[] }[] = [];
  let callsAdmitted = 0;
  /** The sending under way (batches go one at a time, in order); ends queued meanwhile go with it. */
  let sendingRateEnds: Promise<void> | undefined;
  const sendBatches = async () => {
    // Not while a sweep may have dropped this node's calls: their ends would find nothing, and their tokens would be lost.
    while ((rateEnds.length > 0 || rateBatches.length > 0) && inTouch()) {
      if (rateEnds.length > 0) rateBatches.push({ op: operation(), ends: rateEnds.splice(0) });
      const batch = rateBatches[0];
      try {
        await run.tgRateEnd(batch.op, Date.now(), windowMs, options.node, ...batch.ends.flat());
      } catch (error) {
        options.log("rate_limits.end_failed", { calls: batch.ends.length, error: String(error) });
        return;
      }
      rateBatches.shift();
      for (const [call] of batch.ends) rateCalls.delete(call);
    }
  };
  const sendRateEnds = () => {
    if (!sendingRateEnds) {
      const sending = sendBatches().finally(() => {
        if (sendingRateEnds === sending) sendingRateEnds = undefined;
      });
      sendingRateEnds = sending;
    }
    return sendingRateEnds;
  };

  /** The registration under way, shared by heartbeats that overlap. */
  let registering: Promise<void> | undefined;
  const registerAgain = (current: string) =>
    (registering ??= (async () => {
      registered = false;
      try {
        await options.onRejoin(current !== epoch);
        // A call whose end went in a batch Redis may have taken: Redis keeps it ended if so.
        const endedIn = new Map<string, string>();
        for (const batch of rateBatches) for (const [call] of batch.ends) if (!endedIn.has(call)) endedIn.set(call, batch.op);
        const calls = [...rateCalls].flatMap(([call, scopes]) => [call, scopes.join("\n"), endedIn.get(call) ?? ""]);
        if (calls.length > 0) await run.tgRateRegister(options.node, ...calls);
        epoch = current;
        registered = true;
        registrations++;
        ungiven = [];
      } finally {
        registering = undefined;
      }
    })());

  const touched = (startedAt: number) => {
    touchedAt = Math.max(touchedAt, startedAt);
    clearTimeout(cutOffTimer);
    cutOffTimer = setTimeout(() => {
      options.log("call_state.redis_cut_off", { since_ms: Date.now() - touchedAt });
      options.onCutOff();
    }, touchedAt + cutOffMs - Date.now());
    cutOffTimer.unref();
  };

  let beating: Promise<void> = Promise.resolve();
  const beat = () =>
    (beating = (async () => {
      const startedAt = Date.now();
      const wasInTouch = inTouch();
      try {
        const [current, lapsed] = (await run.tgHeartbeat(options.node, startedAt, ttlMs)) as [string, number];
        if (current !== epoch || lapsed === 1 || !registered) {
          if (epoch !== null && lapsed === 1 && current === epoch) options.log("call_state.redis_rejoined", { out_of_touch_ms: startedAt - touchedAt });
          await registerAgain(String(current));
          if (!registered) return;
        }
        touched(startedAt);
        const stale = (await run.tgSweep()) as AccountId[];
        if (stale.length > 0) void reloadSwept(stale);
        await sendRateEnds();
        await retryAdjustmentEnds();
        for (const back of ungiven.splice(0)) await sendBack(back);
        nodes = Math.max(1, await redis.scard("tg:nodes"));
      } catch (error) {
        if (wasInTouch) options.log("call_state.redis_unavailable", { error: String(error) });
      }
    })());
  const timer = setInterval(beat, heartbeatMs);
  timer.unref();
  const reconcileMs = options.reconcileMs ?? 30_000;
  // Each round on one node: the first whose timer fires claims it.
  const reconcileRound = async () => {
    if (inTouch() && (await redis.set("tg:reconciling", options.node, "PX", reconcileMs, "NX")) === "OK") await reconcile();
  };
  const reconciler = reconcileMs > 0 ? setInterval(() => void reconcileRound().catch((error) => options.log("call_state.reconcile_failed", { error: String(error) })), reconcileMs) : undefined;
  reconciler?.unref();

  /**
   * Reads every account Redis holds again from the database (one node at a time, each round; 200
   * accounts a read), so that no difference between the two can last: reloadScript puts the exact
   * figure in place, and a difference that no charge on its way explains is drift, reported. An
   * account a change is under way on is left to the next round.
   */
  const reconcile = async () => {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", "tg:acct:*", "COUNT", 200);
      cursor = next;
      const accounts = keys.map((key) => key.slice("tg:acct:".length));
      if (accounts.length === 0) continue;
      // Before the read, as for any reload: a change Redis takes from here on may be missing from it.
      const before = await Promise.all(accounts.map((account) => redis.hmget(`tg:acct:${account}`, "born", "changes")));
      const durable = await options.durableOf(accounts);
      await Promise.all(
        accounts.map(async (account, i) => {
          const [born, changes] = before[i];
          if (!born) return; // gone meanwhile (Redis restarted): it is loaded afresh when next used
          const { left, seq } = durable.get(account) ?? nothing;
          // loadedAt 0: no cap change's mark is ended by this read (its deadline is the changing node's clock, not this one's).
          const [outcome, held, mended, complete] = (await run.tgReload(account, left, 0, seq, born, changes ?? "0", randomUUID(), "")) as string[];
          if (outcome !== "done" || Number(complete) !== 1 || held === mended) return;
          options.log("call_state.drift_mended", { account, redis: Number(held), mended: Number(mended) });
          options.onDrift?.(account, Number(held), Number(mended));
        }),
      );
    } while (cursor !== "0");
  };
  // Back after a disconnection: registered again at once, not at the next beat.
  redis.on("ready", () => void beat());
  void beat();

  /** Whether this node may grant and admit now (a heartbeat under way, such as the first, is waited for a beat at most). */
  const spendable = async () => {
    if (!inTouch()) await Promise.race([beating, new Promise((done) => setTimeout(done, heartbeatMs).unref())]);
    return inTouch();
  };

  subscriber.subscribe("tg:events").catch(() => {});
  subscriber.on("message", (channel: string, message: string) => options.onMessage(channel, message));

  return {
    /** This node's leases are registered in the current epoch, and its last heartbeat is recent enough that no sweep can have taken them. */
    get up() {
      return inTouch();
    },
    spendable,
    /** Live nodes as of the last heartbeat. */
    get nodes() {
      return nodes;
    },
    async acquire(requests: LeaseRequest[]): Promise<{ granted: Grant[] } | { short: AccountId } | { waitMs: number }> {
      for (let reloads = 0; ; reloads++) {
        const durable = await options.durableOf(requests.map((request) => request.account));
        const args = requests.flatMap((request) => {
          const { left, seq } = durable.get(request.account) ?? nothing;
          return [request.account, request.need, request.extra, left, seq];
        });
        const [status, ...rest] = (await run.tgAcquire(operation(), options.node, nodes, Date.now(), graceMs, ...args)) as string[];
        // A cap's change that its node did not finish in time, or a swept node's account: this node reloads it, then asks again.
        if (status === "reload" && reloads < 2) {
          await reload(rest[0]);
          continue;
        }
        if (status === "wait" || status === "reload") return { waitMs: Number(rest[0]) || 100 };
        if (status === "short") return { short: rest[0] };
        return { granted: requests.map((request, i) => ({ account: request.account, amount: Number(rest[i]) })) };
      }
    },
    /**
     * Registers what this node holds of each account in place of what Redis counted for it (0 gives
     * it all back); accounts Redis does not know are rebuilt from the database. Returns the accounts
     * now leased beyond what they hold (lent to others while this node was swept).
     */
    async register(held: Map<AccountId, number>): Promise<AccountId[]> {
      if (held.size === 0) return [];
      const durable = await options.durableOf([...held].filter(([, amount]) => amount > 0).map(([account]) => account));
      const quads = [...held].flatMap(([account, amount]) => {
        const { left, seq } = durable.get(account) ?? nothing;
        return [account, amount, left, seq];
      });
      const over = (await run.tgRegister(options.node, randomUUID(), ...quads)) as AccountId[];
      options.log("call_state.leases_registered", { accounts: held.size, overlent: over.length });
      return over;
    },
    /** Money this node's leases give back: now, or at a later heartbeat if Redis cannot be reached (never twice). */
    giveBack: (grants: Grant[]) => sendBack({ op: operation(), grants, registration: registrations }),
    /**
     * Charges this node wrote to the database, each with its row's charge number: its leases
     * shrink, and so do the accounts whose read lacks them. `op` names them: a retry under the same
     * name counts once.
     */
    flushed: (charges: Charge[], op: string = randomUUID()) =>
      run.tgReturn(operation(op), "flushed", options.node, epoch ?? "", ...charges.flatMap((charge) => [charge.account, charge.amount, charge.seq])),
    /**
     * A balance change's first step, before the database's write: the account is loaded into Redis
     * if it is not there yet, and a removal taken out of it. Null: a removal that would take money
     * leased out. Throws when Redis cannot be reached (nothing should be written then).
     */
    async beginAdjustment(account: AccountId, delta: number): Promise<Adjustment | null> {
      const id = randomUUID();
      for (let waits = 0; ; waits++) {
        const { left, seq } = (await options.durableOf([account])).get(account) ?? nothing;
        const [status, value] = (await run.tgAdjustBegin(operation(), account, delta, left, seq, Date.now(), graceMs, id)) as string[];
        if (status === "ready") return { id, account, counted: Math.min(0, delta), gen: value ?? "", begunAt: Date.now() };
        if (status === "short") return null;
        if (waits === 20) throw new Error("the shared budget store is still waiting for the nodes to re-register their leases");
        if (status === "reload") await reload(account);
        else await new Promise((done) => setTimeout(done, Math.min(Number(value), 1_000)));
      }
    },
    /** Its second step, once the database took `written` of it (0: the write was refused). Never lost: retried until Redis takes it, and counted once. */
    async endAdjustment(adjustment: Adjustment, written: number) {
      const end = { ...adjustment, written };
      if (end.written === 0 && end.counted === 0) return;
      await endAdjustment(end).catch(() => void unfinished.push(end));
    },
    /**
     * A member's or key's spend cap (or its period) about to change, before the database's write:
     * none of its accounts lends until `endCapRestart`. Its write must commit by `commitBy`, when
     * the others may read it again. Throws when Redis cannot be reached (nothing should be written then).
     */
    async beginCapRestart(account: AccountId): Promise<CapRestart> {
      const id = randomUUID();
      const begunAt = Date.now();
      await run.tgCapRestart(operation(), account, begunAt + capRestartMs, id);
      return { id, account, commitBy: begunAt + capWriteMs };
    },
    /**
     * After the write (or its failure): `account`, the one the cap counts in now (null: no cap), is
     * read again from the database, and the change ends. If Redis cannot be reached, the next node
     * to ask for it after the deadline does it.
     */
    endCapRestart: (restart: CapRestart, account: AccountId | null) =>
      (account ? reload(account, restart.id) : redis.hdel(`tg:restarts:${restart.account.split("@")[0]}`, restart.id)).catch((error) =>
        options.log("call_state.cap_reload_failed", { error: String(error) }),
      ),
    /**
     * Admits a call under its scopes' limits for all nodes at once; the counters come back for the
     * headers. Throws when Redis cannot be reached, or this node is cut off from it or not yet
     * registered again (its calls in flight may not be counted).
     */
    async admitRate(holder: string, scopes: RateScope[], now: number): Promise<Admission> {
      if (!(await spendable())) throw new Error("this node is out of touch with the shared store");
      const limit = (value: number | null) => (value === null ? -1 : value);
      const args = scopes.flatMap((scope) => [scope.id, limit(scope.limits.rpm), limit(scope.limits.tpm), limit(scope.limits.concurrent)]);
      const call = `${options.node}/${holder}/${++callsAdmitted}`;
      let answer: string[];
      try {
        answer = (await run.tgRateAdmit(now, call, options.node, windowMs, ...args)) as string[];
      } catch (error) {
        // Admitted or not, nobody will end it: an end that finds nothing does nothing.
        rateEnds.push([call, 0]);
        throw error;
      }
      const [status, name, refusedScope, retryAfter, ...counters] = answer;
      // The rate book computes the figures the headers report, from the counters Redis holds.
      const state: RateState = Object.fromEntries(
        scopes.map((scope, i) => [scope.id, { start: Number(counters[i * 3]), requests: Number(counters[i * 3 + 1]), tokens: Number(counters[i * 3 + 2]), inFlight: {} }]),
      );
      const figures = rateBook(state).figures(scopes, now);
      if (status !== "admitted") return { admitted: false, limit: name as RateLimitName, scope: refusedScope, retryAfterSeconds: Number(retryAfter), figures };
      const ids = scopes.map((scope) => scope.id);
      rateCalls.set(call, ids);
      return { admitted: true, ticket: { scopes: ids, call }, figures };
    },
    /** Calls that ended: their slots come free and their tokens count, now or at a later heartbeat (never lost, counted once). */
    endRates(ends: [RateTicket, number][]) {
      for (const [ticket, tokens] of ends) if (ticket.call) rateEnds.push([ticket.call, Math.max(0, Math.floor(tokens) || 0)]);
      void sendRateEnds();
    },
    /** A worker that exited: its calls in flight end, with no tokens known. (One it ended already counts as it did.) */
    dropRateHolder(holder: string) {
      const prefix = `${options.node}/${holder}/`;
      for (const call of rateCalls.keys()) if (call.startsWith(prefix)) rateEnds.push([call, 0]);
      void sendRateEnds();
    },
    /** Tells every node (this one included) something: a circuit change, a catalog change, a recall. */
    publish: (message: object) => redis.publish("tg:events", JSON.stringify(message)).catch(() => 0),
    /** One probe for all nodes: the first to claim a channel's probe gets it, until its deadline. */
    claimProbe: async (channelId: string, deadlineMs: number) => (await redis.set(`tg:probe:${channelId}`, options.node, "PX", deadlineMs, "NX")) === "OK",
    releaseProbe: (channelId: string) => redis.del(`tg:probe:${channelId}`).catch(() => 0),
    /** Reconciliation now, on this node (tests; it runs every `reconcileMs` on its own). */
    reconcile,
    async close() {
      clearInterval(timer);
      clearInterval(reconciler);
      clearTimeout(cutOffTimer);
      // A quit waits for Redis's answer, which never comes while it cannot be reached (the subscriber
      // waits to reconnect first): past a second the connections are dropped, so a stop never hangs.
      const quitting = Promise.allSettled([redis.quit(), subscriber.quit()]);
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([quitting, new Promise((done) => (timeout = setTimeout(done, 1_000)))]);
      clearTimeout(timeout);
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}
