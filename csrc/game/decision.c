/* A decision's random bits (game/decision.h): BLAKE2b with an 8-byte digest and no key, written
 * from RFC 7693 (sections 2 and 3) for one message shorter than a block, the only length the
 * key text "<stream>:<seat>:<step>" takes (at most 39 + 1 + 1 + 1 + 19 bytes). */
#include "game/decision.h"

#include <string.h>

#define BLOCK 128

static const uint64_t IV[8] = {
    UINT64_C(0x6A09E667F3BCC908), UINT64_C(0xBB67AE8584CAA73B), UINT64_C(0x3C6EF372FE94F82B),
    UINT64_C(0xA54FF53A5F1D36F1), UINT64_C(0x510E527FADE682D1), UINT64_C(0x9B05688C2B3E6C1F),
    UINT64_C(0x1F83D9ABFB41BD6B), UINT64_C(0x5BE0CD19137E2179)};

/* The message schedule SIGMA of RFC 7693 section 2.7 (rounds 10 and 11 reuse rows 0 and 1). */
static const uint8_t SIGMA[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0}};

static inline uint64_t rotr(uint64_t x, int n)
{
    return x >> n | x << (64 - n);
}

/* The mixing function G (section 3.1), a macro: as a function gcc keeps some calls out of
 * line, and then the state leaves the registers. */
#define MIX(a, b, c, d, x, y)                                                      \
    do {                                                                           \
        v[a] = v[a] + v[b] + (x);                                                  \
        v[d] = rotr(v[d] ^ v[a], 32);                                              \
        v[c] = v[c] + v[d];                                                        \
        v[b] = rotr(v[b] ^ v[c], 24);                                              \
        v[a] = v[a] + v[b] + (y);                                                  \
        v[d] = rotr(v[d] ^ v[a], 16);                                              \
        v[c] = v[c] + v[d];                                                        \
        v[b] = rotr(v[b] ^ v[c], 63);                                              \
    } while (0)

/* One round of F: the columns, then the diagonals, with the message words of SIGMA row r. */
#define ROUND(r)                                                                   \
    do {                                                                           \
        MIX(0, 4, 8, 12, m[SIGMA[r][0]], m[SIGMA[r][1]]);                          \
        MIX(1, 5, 9, 13, m[SIGMA[r][2]], m[SIGMA[r][3]]);                          \
        MIX(2, 6, 10, 14, m[SIGMA[r][4]], m[SIGMA[r][5]]);                         \
        MIX(3, 7, 11, 15, m[SIGMA[r][6]], m[SIGMA[r][7]]);                         \
        MIX(0, 5, 10, 15, m[SIGMA[r][8]], m[SIGMA[r][9]]);                         \
        MIX(1, 6, 11, 12, m[SIGMA[r][10]], m[SIGMA[r][11]]);                       \
        MIX(2, 7, 8, 13, m[SIGMA[r][12]], m[SIGMA[r][13]]);                        \
        MIX(3, 4, 9, 14, m[SIGMA[r][14]], m[SIGMA[r][15]]);                        \
    } while (0)

/* The first 8 bytes of BLAKE2b-64 (no key) of text[0 .. length), length < BLOCK, as a
 * little-endian number: compression F (section 3.2) of the one, final, block. The twelve
 * rounds are written out, so that every message index is a constant and the state stays in
 * registers (a loop over r looks SIGMA up at run time: the blueprint's seats, which draw at
 * every decision, spent 40 % of their time here with the loop, about half that without). */
static uint64_t blake2b_64(const char *text, unsigned length)
{
    uint8_t block[BLOCK] = {0};
    uint64_t m[16], v[16], h0 = IV[0] ^ UINT64_C(0x01010000) ^ 8; /* digest 8 bytes, no key */
    memcpy(block, text, length);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(m, block, sizeof m); /* the words are little-endian */
#else
    for (int i = 0; i < 16; i++) {
        m[i] = 0;
        for (int j = 7; j >= 0; j--)
            m[i] = m[i] << 8 | block[8 * i + j];
    }
#endif
    v[0] = h0;
    for (int i = 1; i < 8; i++)
        v[i] = IV[i];
    for (int i = 0; i < 8; i++)
        v[8 + i] = IV[i];
    v[12] ^= length; /* the byte counter: the message's length (its high word is 0) */
    v[14] = ~v[14];  /* the last block */
    ROUND(0); ROUND(1); ROUND(2); ROUND(3); ROUND(4); ROUND(5);
    ROUND(6); ROUND(7); ROUND(8); ROUND(9); ROUND(0); ROUND(1); /* rounds 10, 11: rows 0, 1 */
    return h0 ^ v[0] ^ v[8];
}

/* The decimal digits of n into out (no leading zeros; "0" for 0); returns their count. */
static unsigned decimal_64(uint64_t n, char *out)
{
    char digits[20];
    unsigned count = 0;
    do {
        digits[count++] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    for (unsigned i = 0; i < count; i++)
        out[i] = digits[count - 1 - i];
    return count;
}

/* The decimal digits of the 128-bit number high * 2**64 + low into out; returns their count.
 * Nine digits at a time: the number's 32-bit limbs divided by 10**9 (a remainder below 10**9
 * and a limb make a 62-bit dividend), at most five times. */
static unsigned decimal_128(uint64_t high, uint64_t low, char *out)
{
    uint32_t limb[4] = {(uint32_t)(high >> 32), (uint32_t)high, (uint32_t)(low >> 32),
                        (uint32_t)low}; /* most significant first */
    uint32_t chunk[5];                  /* nine digits each, least significant first */
    int chunks = 0, nonzero;
    do {
        uint64_t rest = 0;
        nonzero = 0;
        for (int i = 0; i < 4; i++) {
            uint64_t part = rest << 32 | limb[i];
            limb[i] = (uint32_t)(part / 1000000000u);
            rest = part % 1000000000u;
            nonzero |= limb[i] != 0;
        }
        chunk[chunks++] = (uint32_t)rest;
    } while (nonzero);
    unsigned count = decimal_64(chunk[chunks - 1], out);
    for (int k = chunks - 2; k >= 0; k--) { /* the lower chunks with their leading zeros */
        uint32_t c = chunk[k];
        for (int i = 8; i >= 0; i--, c /= 10)
            out[count + (unsigned)i] = (char)('0' + c % 10);
        count += 9;
    }
    return count;
}

void bf_decision_key(bf_decision_stream *key, uint64_t seed, uint64_t number)
{
    key->length = decimal_128(seed, number, key->text);
    key->text[key->length++] = ':';
}

uint64_t bf_decision_bits_of(const bf_decision_stream *key, int seat, int64_t step)
{
    char text[BLOCK];
    unsigned length = key->length;
    memcpy(text, key->text, length);
    length += decimal_64((uint64_t)(seat < 0 ? 0 : seat), text + length);
    text[length++] = ':';
    length += decimal_64((uint64_t)(step < 0 ? 0 : step), text + length);
    return blake2b_64(text, length);
}

uint64_t bf_decision_bits(uint64_t seed, uint64_t number, int seat, int64_t step)
{
    bf_decision_stream key;
    bf_decision_key(&key, seed, number);
    return bf_decision_bits_of(&key, seat, step);
}
