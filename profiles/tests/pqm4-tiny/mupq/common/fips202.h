/* SHAKE256 (FIPS 202) for the pqm4-tiny test checkout; written for pqfit's tests. */
#ifndef FIPS202_H
#define FIPS202_H

#include <stddef.h>
#include <stdint.h>

#define SHAKE256_RATE 136

void shake256(uint8_t *output, size_t outlen, const uint8_t *input, size_t inlen);

#endif
