-- ledger_post's statements join the entry's accounts and postings (jsonb_array_elements, which
-- the planner always guesses at 100 rows) to ledger_accounts. For that guess the planner chose a
-- hash join over a sequential scan of every account, twice per entry, while an entry has two to
-- four accounts: on a ledger of 1,000 users the scans were most of an entry's CPU time (pgbench
-- calling ledger_post at 8 clients, synchronous_commit off: 3,500 entries/s with the scans, 6,100
-- without; docs/performance.md, fourteenth). With hash and merge joins off inside the function,
-- each account is found through the unique (owner, coin, bucket) index, whatever the table's
-- size. The setting holds only while ledger_post runs.
ALTER FUNCTION ledger_post(jsonb) SET enable_hashjoin = off SET enable_mergejoin = off;
