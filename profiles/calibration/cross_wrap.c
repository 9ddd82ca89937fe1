/* Harness wrapper for the CROSS submitters' Cortex-M4 code (profiles/calibration/cross-m4.sh):
 * static buffers, a deterministic randombytes, and the entries pq-explore measure --elf calls.
 * bench_verify and bench_reject trap (udf) when the signature is not accepted, or a tampered
 * one is, so that a wrong output stops the measurement with an error. */
#include <stddef.h>
#include <stdint.h>
#include "api.h"

uint8_t g_pk[CRYPTO_PUBLICKEYBYTES];
uint8_t g_sk[CRYPTO_SECRETKEYBYTES];
uint8_t g_sm[CRYPTO_BYTES + 59];
uint8_t g_m[CRYPTO_BYTES + 59];
uint8_t g_msg[59];
size_t g_smlen;
static uint64_t state = 12345;

int randombytes(uint8_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        out[i] = (uint8_t)(state >> 56);
    }
    return 0;
}

int bench_keygen(void) { return crypto_sign_keypair(g_pk, g_sk); }

int bench_sign(void) {
    g_msg[0]++;
    return crypto_sign(g_sm, &g_smlen, g_msg, sizeof g_msg, g_sk);
}

int bench_verify(void) {
    size_t mlen = 0;
    int r = crypto_sign_open(g_m, &mlen, g_sm, g_smlen, g_pk);
    if (r != 0 || mlen != sizeof g_msg) __builtin_trap();
    for (size_t i = 0; i < sizeof g_msg; i++)
        if (g_m[i] != g_msg[i]) __builtin_trap();
    return r;
}

/* A signature with one flipped bit must be rejected. */
int bench_reject(void) {
    size_t mlen = 0;
    g_sm[g_smlen / 2] ^= 1;
    int r = crypto_sign_open(g_m, &mlen, g_sm, g_smlen, g_pk);
    g_sm[g_smlen / 2] ^= 1;
    if (r == 0) __builtin_trap();
    return r;
}

/* No heap: only the error paths (assert, fprintf) of the code reach malloc; trap if they do. */
void *_sbrk(ptrdiff_t incr) {
    (void)incr;
    __builtin_trap();
}
