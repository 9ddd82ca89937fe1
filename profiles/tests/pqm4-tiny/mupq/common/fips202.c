/* SHAKE256 (FIPS 202, Sections 3 and 6.2) over a plain Keccak-f[1600]; written for
 * pqfit's tests (the pqm4-tiny checkout), small rather than fast. */
#include "fips202.h"

static const uint64_t round_constants[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
    0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
    0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
    0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
    0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};

/* rho's rotation of lane x + 5y. */
static const unsigned rho[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                 25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};

static uint64_t rol(uint64_t v, unsigned n) { return n ? (v << n) | (v >> (64 - n)) : v; }

static void keccak_f1600(uint64_t a[25]) {
  for (int r = 0; r < 24; r++) {
    uint64_t c[5], b[25];
    for (int x = 0; x < 5; x++)
      c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
    for (int x = 0; x < 5; x++) {
      uint64_t d = c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1);
      for (int y = 0; y < 25; y += 5) a[y + x] ^= d; /* theta */
    }
    for (int x = 0; x < 5; x++)
      for (int y = 0; y < 5; y++) /* rho and pi: B[y, 2x + 3y] = rot(A[x, y]) */
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rol(a[x + 5 * y], rho[x + 5 * y]);
    for (int y = 0; y < 25; y += 5)
      for (int x = 0; x < 5; x++) /* chi */
        a[y + x] = b[y + x] ^ (~b[y + (x + 1) % 5] & b[y + (x + 2) % 5]);
    a[0] ^= round_constants[r]; /* iota */
  }
}

static void xor_byte(uint64_t s[25], size_t i, uint8_t v) {
  s[i / 8] ^= (uint64_t)v << (8 * (i % 8));
}

void shake256(uint8_t *output, size_t outlen, const uint8_t *input, size_t inlen) {
  uint64_t s[25] = {0};
  size_t at = 0;
  for (size_t i = 0; i < inlen; i++) {
    xor_byte(s, at++, input[i]);
    if (at == SHAKE256_RATE) {
      keccak_f1600(s);
      at = 0;
    }
  }
  xor_byte(s, at, 0x1f); /* SHAKE's domain bits 1111 and pad10*1's first 1 */
  xor_byte(s, SHAKE256_RATE - 1, 0x80);
  keccak_f1600(s);
  at = 0;
  for (size_t i = 0; i < outlen; i++) {
    if (at == SHAKE256_RATE) {
      keccak_f1600(s);
      at = 0;
    }
    output[i] = (uint8_t)(s[at / 8] >> (8 * (at % 8)));
    at++;
  }
}
