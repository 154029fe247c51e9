/* check_core: an exhaustive check of the badugi C core, written to run under sanitizers.
 *
 * tests/c/test_core_sanitizers.py builds this driver together with every C file of csrc/ using
 * -fsanitize=address,undefined, and runs it on a file holding the 270,725 expected ranks. The
 * ranks are little-endian uint16 in colex order, computed by the pure-Python oracle
 * badugi_fast.hands.reference. The driver checks:
 *   - bf_rank and bf_describe on every hand, in all 24 orders of its ids;
 *   - bf_rank_batch and each batch kernel (scalar, AVX2, AVX-512 where the CPU has them) on all
 *     hands at once, and on batches of every length from 0 to 70 (tails);
 *   - that out-of-range and repeated ids are rejected, and that the batch returns the index of
 *     the first bad row;
 *   - the text readers on random bytes, random_hands, and the draw engine (reshuffles, an exact
 *     enumeration, the play-count estimate, specifications it must refuse);
 * The hand loop of simulate has its own driver, tests/c/check_game.c.
 * Every buffer passed to the core is malloc'ed at exactly its size, so AddressSanitizer reports
 * any read or write past the end. The driver exits 1 with a message at the first failure and
 * prints one summary line on success.
 *
 * Usage: check_core EXPECTED_RANKS_FILE
 */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/random.h"
#include "draws/engine.h"
#include "eval/badugi.h"

#define N_HANDS ((size_t)270725)
#define N_RANKS 1092
#define BLOCK 1024 /* bf_rank_batch's block size: bad rows are placed around its boundaries */

#ifdef __GNUC__
#define PRINTF_LIKE __attribute__((format(printf, 1, 2)))
#else
#define PRINTF_LIKE
#endif

/* The batch kernel under test: -1 is bf_rank_batch's own dispatch, else a BF_KERNEL_* id. */
static int kernel = -1;

static void fail(const char *fmt, ...) PRINTF_LIKE;

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "check_core: FAIL (batch kernel %d): ", kernel);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

/* malloc of exactly size bytes (ASan poisons everything past it); size 0 may give NULL. */
static void *xmalloc(size_t size)
{
    void *p = malloc(size);
    if (p == NULL && size != 0)
        fail("out of memory allocating %zu bytes", size);
    return p;
}

static uint16_t *expected;  /* expected[colex index] = rank, from the reference oracle */
static uint8_t *sorted_ids; /* 4 ids per hand, a < b < c < d, in colex order */
static uint8_t *rows;       /* the same hands, row i permuted by perms[i % 24] */
static int perms[24][4];

static size_t colex_index(unsigned a, unsigned b, unsigned c, unsigned d)
{
    /* Computed here from the formula, independently of the core's binomial tables. */
    return a + (size_t)b * (b - 1) / 2 + (size_t)c * (c - 1) * (c - 2) / 6 +
           (size_t)d * (d - 1) * (d - 2) * (d - 3) / 24;
}

static void load_expected(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        fail("cannot open %s", path);
    uint8_t *raw = xmalloc(2 * N_HANDS);
    size_t got = fread(raw, 1, 2 * N_HANDS, f);
    int extra = fgetc(f);
    fclose(f);
    if (got != 2 * N_HANDS || extra != EOF)
        fail("%s must hold exactly %zu bytes (%zu uint16 ranks)", path, 2 * N_HANDS, N_HANDS);
    expected = xmalloc(N_HANDS * sizeof *expected);
    for (size_t i = 0; i < N_HANDS; i++)
        expected[i] = (uint16_t)(raw[2 * i] | raw[2 * i + 1] << 8);
    free(raw);

    /* Sanity of the oracle data itself: every rank in 1..1092 and each one used. */
    static unsigned char seen[N_RANKS + 1];
    for (size_t i = 0; i < N_HANDS; i++) {
        if (expected[i] < 1 || expected[i] > N_RANKS)
            fail("expected rank %u of hand %zu is outside 1..%d", expected[i], i, N_RANKS);
        seen[expected[i]] = 1;
    }
    for (int r = 1; r <= N_RANKS; r++)
        if (!seen[r])
            fail("expected ranks never use rank %d: wrong oracle file?", r);
}

static void build_hands(void)
{
    int np = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            for (int k = 0; k < 4; k++)
                for (int l = 0; l < 4; l++)
                    if (i != j && i != k && i != l && j != k && j != l && k != l) {
                        perms[np][0] = i;
                        perms[np][1] = j;
                        perms[np][2] = k;
                        perms[np][3] = l;
                        np++;
                    }
    if (np != 24)
        fail("driver bug: %d permutations", np);

    sorted_ids = xmalloc(4 * N_HANDS);
    rows = xmalloc(4 * N_HANDS);
    size_t i = 0;
    for (unsigned d = 3; d < 52; d++)
        for (unsigned c = 2; c < d; c++)
            for (unsigned b = 1; b < c; b++)
                for (unsigned a = 0; a < b; a++, i++) {
                    if (colex_index(a, b, c, d) != i)
                        fail("driver bug: hand %u %u %u %u enumerated at %zu", a, b, c, d, i);
                    uint8_t h[4] = {(uint8_t)a, (uint8_t)b, (uint8_t)c, (uint8_t)d};
                    const int *p = perms[i % 24];
                    for (int k = 0; k < 4; k++) {
                        sorted_ids[4 * i + k] = h[k];
                        rows[4 * i + k] = h[p[k]];
                    }
                }
    if (i != N_HANDS)
        fail("driver bug: enumerated %zu hands", i);
}

/* Number of cards in the badugi of a rank: 715 four-card, 286 three-, 78 two-, 13 one-card. */
static int badugi_size(unsigned rank)
{
    return rank <= 715 ? 4 : rank <= 1001 ? 3 : rank <= 1079 ? 2 : 1;
}

static void check_all_orders(void)
{
    for (size_t i = 0; i < N_HANDS; i++) {
        const uint8_t *h = sorted_ids + 4 * i;
        unsigned want = expected[i];
        int first_description = -1;
        for (int p = 0; p < 24; p++) {
            int a = h[perms[p][0]], b = h[perms[p][1]], c = h[perms[p][2]], d = h[perms[p][3]];
            int rank = bf_rank(a, b, c, d);
            if (rank != (int)want)
                fail("bf_rank(%d, %d, %d, %d) = %d, expected %u", a, b, c, d, rank, want);
            int desc = bf_describe(a, b, c, d);
            if (desc < 0 || (desc & 0xFFFF) != (int)want)
                fail("bf_describe(%d, %d, %d, %d) = %#x: rank bits are not the expected %u", a, b,
                     c, d, (unsigned)desc, want);
            unsigned mask = (unsigned)desc >> 16;
            if (mask == 0 || mask > 0xF)
                fail("bf_describe(%d, %d, %d, %d) = %#x: mask %#x is not a non-empty 4-bit mask",
                     a, b, c, d, (unsigned)desc, mask);
            if (first_description < 0)
                first_description = desc;
            else if (desc != first_description)
                fail("bf_describe(%d, %d, %d, %d) = %#x depends on the order of the ids (%#x)", a,
                     b, c, d, (unsigned)desc, (unsigned)first_description);
        }
        /* The mask must select a badugi (distinct ranks and suits) of the rank's size. */
        unsigned mask = (unsigned)first_description >> 16, ranks = 0, suits = 0;
        int size = 0;
        for (int k = 0; k < 4; k++)
            if (mask >> k & 1u) {
                ranks |= 1u << (h[k] >> 2);
                suits |= 1u << (h[k] & 3);
                size++;
            }
        int distinct_ranks = 0, distinct_suits = 0;
        for (int k = 0; k < 13; k++)
            distinct_ranks += (int)(ranks >> k & 1u);
        for (int k = 0; k < 4; k++)
            distinct_suits += (int)(suits >> k & 1u);
        if (size != badugi_size(want) || distinct_ranks != size || distinct_suits != size)
            fail("bf_describe(%u, %u, %u, %u) mask %#x does not select a %d-card badugi", h[0],
                 h[1], h[2], h[3], mask, badugi_size(want));
    }
}

static size_t run_batch(const uint8_t *cards, size_t n, uint16_t *out)
{
    return kernel < 0 ? bf_rank_batch(cards, n, out) : bf_rank_batch_kernel(kernel, cards, n, out);
}

/* Runs bf_rank_batch on n rows copied from rows[first..first+n) into a buffer of exactly 4*n
 * bytes starting `skew` bytes into its allocation, and checks every rank. */
static void check_batch(size_t first, size_t n, size_t skew)
{
    uint8_t *alloc = xmalloc(4 * n + skew);
    uint8_t *cards = alloc == NULL ? NULL : alloc + skew;
    uint16_t *out = xmalloc(n * sizeof *out);
    if (n != 0)
        memcpy(cards, rows + 4 * first, 4 * n);
    for (size_t i = 0; i < n; i++)
        out[i] = 0; /* never a valid rank: catches rows left unwritten */
    size_t got = run_batch(cards, n, out);
    if (got != n)
        fail("bf_rank_batch of %zu valid rows from hand %zu returned %zu", n, first, got);
    for (size_t i = 0; i < n; i++)
        if (out[i] != expected[first + i])
            fail("bf_rank_batch of %zu rows from hand %zu: out[%zu] = %u, expected %u", n, first,
                 i, out[i], expected[first + i]);
    free(alloc);
    free(out);
}

static size_t check_batches(void)
{
    size_t count = 0;
    check_batch(0, N_HANDS, 0);
    count++;
    /* Offsets in hands: block-aligned, just off a block, odd, middle, and the last hands. */
    const size_t offsets[] = {0, 1, 3, 23, 1000, 1023, 1024, 1025, 4093, 135362,
                              N_HANDS - 71, N_HANDS - 70};
    for (size_t len = 0; len <= 70; len++) {
        for (size_t k = 0; k < sizeof offsets / sizeof offsets[0]; k++) {
            check_batch(offsets[k], len, 0);
            count++;
        }
        check_batch(N_HANDS - len, len, 0); /* ends at the very last hand */
        for (size_t skew = 1; skew < 4; skew++) /* card buffer not 4-byte aligned */
            check_batch(17 * len, len, skew);
        count += 4;
    }
    /* Lengths around the block size, where the block loop's bounds matter. */
    const size_t lens[] = {1023, 1024, 1025, 2047, 2048, 2049, 3 * BLOCK + 37};
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        check_batch(0, lens[k], 0);
        check_batch(N_HANDS - lens[k], lens[k], 0);
        count += 2;
    }
    return count;
}

/* Ids a single bad card may take: out of 0..51, including ones equal to a valid id mod 256. */
static const int bad_ids[] = {-1, 52, 53, 100, 255, 256, 257, 260, 300, 511, 0x10003, -52, -256,
                              INT_MIN, INT_MIN + 5, INT_MAX, INT_MAX - 255};

static void expect_rejected(int a, int b, int c, int d)
{
    int rank = bf_rank(a, b, c, d), desc = bf_describe(a, b, c, d);
    if (rank != 0)
        fail("bf_rank(%d, %d, %d, %d) = %d for an invalid hand, expected 0", a, b, c, d, rank);
    if (desc != 0)
        fail("bf_describe(%d, %d, %d, %d) = %#x for an invalid hand, expected 0", a, b, c, d,
             (unsigned)desc);
}

static size_t check_invalid_scalar(void)
{
    static const int bases[][4] = {{0, 1, 2, 3}, {48, 49, 50, 51}, {5, 17, 30, 44}, {51, 0, 26, 13}};
    size_t count = 0;
    for (size_t h = 0; h < sizeof bases / sizeof bases[0]; h++) {
        const int *base = bases[h];
        /* Every non-empty set of positions replaced by each bad id. */
        for (size_t v = 0; v < sizeof bad_ids / sizeof bad_ids[0]; v++)
            for (unsigned where = 1; where < 16; where++) {
                int x[4];
                for (int k = 0; k < 4; k++)
                    x[k] = where >> k & 1u ? bad_ids[v] : base[k];
                expect_rejected(x[0], x[1], x[2], x[3]);
                count++;
            }
        /* Every assignment of the base's ids to the four positions that repeats one. */
        for (unsigned code = 0; code < 256; code++) {
            int s[4] = {(int)(code & 3), (int)(code >> 2 & 3), (int)(code >> 4 & 3),
                        (int)(code >> 6 & 3)};
            if (s[0] != s[1] && s[0] != s[2] && s[0] != s[3] && s[1] != s[2] && s[1] != s[3] &&
                s[2] != s[3])
                continue;
            expect_rejected(base[s[0]], base[s[1]], base[s[2]], base[s[3]]);
            count++;
        }
    }
    return count;
}

/* Ways to spoil a row of four valid distinct ids: kinds 0..23 put an id in 52..255 in one
 * column; kinds 24..37 repeat ids following the 14 non-trivial partitions of 4 positions. */
#define N_BAD_KINDS 38

static void spoil(uint8_t *row, int kind)
{
    static const uint8_t big[6] = {52, 53, 127, 128, 200, 255};
    static const uint8_t dups[14][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 1, 0}, {0, 1, 0, 0},
                                        {0, 1, 1, 1}, {0, 0, 1, 1}, {0, 1, 0, 1}, {0, 1, 1, 0},
                                        {0, 0, 1, 2}, {0, 1, 0, 2}, {0, 1, 2, 0}, {0, 1, 1, 2},
                                        {0, 1, 2, 1}, {0, 1, 2, 2}};
    if (kind < 24) {
        row[kind % 4] = big[kind / 4];
    } else {
        uint8_t ids[4];
        memcpy(ids, row, 4);
        for (int k = 0; k < 4; k++)
            row[k] = ids[dups[kind - 24][k]];
    }
}

/* bf_rank_batch on `n` rows from rows[first..) with rows bad[0..nbad) spoiled must return
 * bad[0] (the lowest) and rank every row before it. */
static void check_bad_batch(uint8_t *cards, uint16_t *out, size_t first, size_t n,
                            const size_t *bad, const int *kinds, int nbad)
{
    memcpy(cards, rows + 4 * first, 4 * n);
    for (int k = 0; k < nbad; k++)
        spoil(cards + 4 * bad[k], kinds[k]);
    size_t got = run_batch(cards, n, out);
    if (got != bad[0])
        fail("bf_rank_batch of %zu rows with row %zu spoiled (kind %d)%s returned %zu", n, bad[0],
             kinds[0], nbad > 1 ? " and a later one" : "", got);
    for (size_t i = 0; i < bad[0]; i++)
        if (out[i] != expected[first + i])
            fail("bf_rank_batch of %zu rows, first bad row %zu: out[%zu] = %u, expected %u", n,
                 bad[0], i, out[i], expected[first + i]);
}

static size_t check_invalid_batches(void)
{
    const size_t first = 54321; /* any hands will do; these rows are permuted */
    const size_t lens[] = {1, 2, 3, 5, 64, 1023, 1024, 1025, 2048, 3 * BLOCK + 37};
    const size_t where[] = {0, 1, 2, 3, 511, 1021, 1022, 1023, 1024, 1025, 1535,
                            2046, 2047, 2048, 2049, 3071, 3072, 3073, 3 * BLOCK + 35};
    size_t count = 0;
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
        size_t n = lens[l];
        uint8_t *cards = xmalloc(4 * n);
        uint16_t *out = xmalloc(n * sizeof *out);
        for (size_t w = 0; w <= sizeof where / sizeof where[0]; w++) {
            /* The listed positions that fit, then the last row. */
            size_t pos = w < sizeof where / sizeof where[0] ? where[w] : n - 1;
            if (pos >= n)
                continue;
            for (int kind = 0; kind < N_BAD_KINDS; kind++) {
                check_bad_batch(cards, out, first, n, &pos, &kind, 1);
                count++;
            }
        }
        /* Two bad rows: the first one is reported, in the same block or not. */
        for (size_t i = 0; i <= sizeof where / sizeof where[0]; i++)
            for (size_t j = i + 1; j <= sizeof where / sizeof where[0]; j++) {
                size_t bad[2];
                bad[0] = i < sizeof where / sizeof where[0] ? where[i] : n - 1;
                bad[1] = j < sizeof where / sizeof where[0] ? where[j] : n - 1;
                if (bad[1] >= n || bad[0] >= bad[1])
                    continue;
                int kinds[2] = {(int)((i + 3 * j) % N_BAD_KINDS), (int)((5 * i + j) % N_BAD_KINDS)};
                check_bad_batch(cards, out, first, n, bad, kinds, 2);
                count++;
            }
        free(cards);
        free(out);
    }
    return count;
}

/* The text readers on random byte strings (ASCII card letters, separators, and pieces of the
 * UTF-8 suit symbols, truncated ones included) held in buffers of exactly their length, so ASan
 * sees any read past the end. What bf_parse_hand accepts must be four distinct ids whose rank
 * bf_rank_text and bf_parse_hands agree on. Returns how many strings it tried. */
static size_t check_text_readers(void)
{
    static const unsigned char alphabet[] = {
        'A', 'a', '2', '9', 'T', 't', '1', '0', 'J', 'q', 'K', 'k', 'c', 'D', 'h', 'S', 's',
        ' ', ',', '\t', '\n', '\r', 0xE2, 0xE2, 0x99, 0x99, 0x97, 0xA0, 0xA3, 0xA5, 0xA6,
        0xA7, 0xA8, 0x86, 0x87, 0x00, 0xFF, 'x'};
    uint64_t state = 0x9E3779B97F4A7C15u;
    size_t tried = 0, accepted = 0;
    for (int round = 0; round < 400000; round++) {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        size_t len = (size_t)(state % 25);
        unsigned char *text = xmalloc(len);
        uint64_t bits = state;
        size_t newlines = 0;
        for (size_t i = 0; i < len; i++) {
            if (i % 8 == 0)
                state ^= state << 13, state ^= state >> 7, state ^= state << 17, bits = state;
            text[i] = alphabet[(bits & 0xFF) % sizeof alphabet];
            newlines += text[i] == '\n';
            bits >>= 8;
        }
        int32_t packed = bf_parse_hand((const char *)text, len);
        int rank = bf_rank_text((const char *)text, len);
        if (packed >= 0) {
            int a = packed & 255, b = packed >> 8 & 255, c = packed >> 16 & 255, d = packed >> 24 & 255;
            if (bf_rank(a, b, c, d) == 0 || rank != bf_rank(a, b, c, d))
                fail("bf_parse_hand read %d %d %d %d from a string where bf_rank_text gave %d", a, b,
                     c, d, rank);
            accepted++;
        } else if (rank != 0) {
            fail("bf_rank_text ranked a string bf_parse_hand rejects");
        }
        uint8_t *cards = xmalloc(4 * (newlines + 1));
        size_t rows = bf_parse_hands((const char *)text, len, newlines + 1, cards);
        if (rows > newlines + 1 || (newlines == 0 && (rows == 1) != (packed >= 0)))
            fail("bf_parse_hands disagrees with bf_parse_hand on a one-line string");
        size_t stop = 0;
        rows = bf_parse_lines((const char *)text, len, newlines + 1, cards, &stop);
        if (rows > newlines + 1 || stop > len)
            fail("bf_parse_lines returned %zu rows, stop %zu for %zu bytes", rows, stop, len);
        free(cards);
        free(text);
        tried++;
    }
    if (accepted == 0)
        fail("no random string was a readable hand: the fuzzer is not reaching the reader");
    return tried;
}

/* bf_random_hands writes exactly n valid rows (exact-size buffers, so ASan sees any overrun),
 * and rows do not depend on how the stream is cut into calls. Returns the rows checked. */
static size_t check_random_hands(void)
{
    const size_t n = 100003;
    uint8_t *whole = xmalloc(4 * n);
    bf_random_hands(12345, 0, n, whole);
    for (size_t i = 0; i < n; i++)
        if (bf_rank(whole[4 * i], whole[4 * i + 1], whole[4 * i + 2], whole[4 * i + 3]) == 0)
            fail("bf_random_hands row %zu is not a hand of four distinct cards", i);
    const size_t cuts[] = {0, 1, 2, 7, 64, 1000, 50000, n};
    for (size_t k = 0; k + 1 < sizeof cuts / sizeof cuts[0]; k++) {
        size_t len = cuts[k + 1] - cuts[k];
        uint8_t *part = xmalloc(4 * len);
        bf_random_hands(12345, cuts[k], len, part);
        if (len != 0 && memcmp(part, whole + 4 * cuts[k], 4 * len) != 0)
            fail("bf_random_hands rows %zu..%zu differ when dealt apart", cuts[k], cuts[k + 1]);
        free(part);
    }
    free(whole);
    return n;
}

/* The draw engine: Monte Carlo with eight seats drawing until the stub runs out (the discards
 * come back), an exact enumeration whose probabilities must sum to one, the play-count
 * estimate, and specifications it must refuse. Returns the trials played. */
static size_t check_draw_engine(void)
{
    static bf_draw_tally tally;
    static bf_draw_exact exact;
    bf_draw_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.seats = 8, spec.draws = 3, spec.first_throw = -1;
    for (int p = 0; p < BF_MAX_SEATS; p++)
        spec.policies[p].break_above = -1, spec.policies[p].table = NULL;
    spec.caps[0] = spec.caps[1] = spec.caps[2] = 4;
    for (int p = 0; p < 8; p++) /* four of a kind each: every seat draws three, three times */
        for (int i = 0; i < 4; i++)
            spec.hands[p][i] = (uint8_t)(4 * (12 - p) + i);
    size_t trials = 0;
    for (int random_seats = 0; random_seats <= 1; random_seats++) {
        for (int p = 0; p < 8; p++)
            spec.random_seat[p] = (uint8_t)random_seats;
        memset(&tally, 0, sizeof tally);
        if (bf_draw_simulate(&spec, 99, 1000, 3000, &tally) != 0)
            fail("bf_draw_simulate refused a valid eight-seat game");
        uint64_t shares = 0;
        for (int p = 0; p < 8; p++)
            shares += tally.share[p];
        if (tally.trials != 3000 || shares != 3000 * (uint64_t)BF_SHARE_UNIT)
            fail("bf_draw_simulate: %llu trials and %llu share units for 3000 trials",
                 (unsigned long long)tally.trials, (unsigned long long)shares);
        trials += tally.trials;
    }
    memset(&spec, 0, sizeof spec);
    spec.seats = 1, spec.draws = 3, spec.first_throw = -1, spec.policies[0].break_above = -1;
    spec.caps[0] = spec.caps[1] = spec.caps[2] = 4;
    const uint8_t a23[4] = {3, 5, 8, 10}; /* As 2d 3c 3h */
    memcpy(spec.hands[0], a23, 4);
    if (bf_draw_enumerate(&spec, 1000000, &exact) != 0 || exact.paths != 65066)
        fail("bf_draw_enumerate: As 2d 3c 3h over three draws is 65066 plays, got %llu",
             (unsigned long long)exact.paths);
    double total = 0;
    for (int r = 1; r <= BF_NUM_RANKS; r++)
        total += exact.ranks[r];
    if (total < 1 - 1e-9 || total > 1 + 1e-9)
        fail("bf_draw_enumerate: final rank probabilities sum to %.12f", total);
    if (bf_draw_enumerate(&spec, 1000, &exact) != BF_DRAW_TOO_MANY)
        fail("bf_draw_enumerate did not stop at max_paths");
    double estimate = bf_draw_estimate_paths(&spec, 64, 1);
    if (estimate < 30000 || estimate > 130000)
        fail("bf_draw_estimate_paths: %.0f for 65066 plays", estimate);
    if (bf_draw_first_throw(&spec) != 1 << 3) /* throws the 3h, at position 3 */
        fail("bf_draw_first_throw: %d", bf_draw_first_throw(&spec));
    /* Specifications to refuse, each one field off. */
    for (int k = 0; k < 9; k++) {
        bf_draw_spec bad = spec;
        switch (k) {
        case 0: bad.seats = 0; break;
        case 1: bad.seats = 9; break;
        case 2: bad.draws = 4; break;
        case 3: bad.policies[0].break_above = 13; break;
        case 4: bad.first_throw = 16; break;
        case 5: bad.caps[1] = 5; break;
        case 6: bad.hands[0][1] = bad.hands[0][0]; break;
        case 7: bad.hands[0][2] = 52; break;
        case 8: bad.dead = UINT64_C(1) << 3; break; /* the As is dead and in the hand */
        }
        memset(&tally, 0, sizeof tally);
        if (bf_draw_simulate(&bad, 1, 0, 10, &tally) != BF_DRAW_BAD_SPEC ||
            bf_draw_enumerate(&bad, 100, &exact) != BF_DRAW_BAD_SPEC || tally.trials != 0)
            fail("a bad draw specification (case %d) was accepted", k);
    }
    return trials;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s EXPECTED_RANKS_FILE (270725 little-endian uint16)\n", argv[0]);
        return 2;
    }
    if (BF_NUM_HANDS != N_HANDS || BF_NUM_CARDS != 52 || BF_NUM_RANKS != N_RANKS)
        fail("eval/badugi.h constants differ from the driver's");
    load_expected(argv[1]);
    build_hands();
    check_all_orders();
    size_t scalar_invalid = check_invalid_scalar();
    size_t texts = check_text_readers();
    size_t dealt = check_random_hands();
    size_t played = check_draw_engine();
    size_t batches = 0, batch_invalid = 0;
    int kernels = 0;
    /* Every batch check runs through the dispatcher and then through each kernel this CPU has. */
    for (kernel = -1; kernel <= BF_KERNEL_AVX512; kernel++) {
        if (kernel >= 0 && !bf_kernel_supported(kernel))
            continue;
        batches += check_batches();
        batch_invalid += check_invalid_batches();
        kernels++;
    }
    if (!bf_kernel_supported(BF_KERNEL_SCALAR) || bf_kernel_supported(BF_KERNEL_AVX512 + 1))
        fail("bf_kernel_supported: scalar must always be supported and unknown ids never");
    printf("check_core: OK: %zu hands x 24 orders (bf_rank, bf_describe), %zu invalid hands "
           "rejected, %zu random texts read, %zu random hands dealt, %zu draw trials; %d batch paths (dispatch + kernels) x (%zu valid batches, %zu batches with "
           "bad rows)\n",
           N_HANDS, scalar_invalid, texts, dealt, played, kernels, batches / (size_t)kernels,
           batch_invalid / (size_t)kernels);
    free(expected);
    free(sorted_ids);
    free(rows);
    return 0;
}
