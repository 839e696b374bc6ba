/* SPDX-License-Identifier: BSD-3-Clause */
/* The harnesses' assertion: a broken promise is a crash libFuzzer keeps the input of. */
#ifndef HVLB_FUZZ_CHECK_H
#define HVLB_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

/* Every harness defines it (libFuzzer calls it); declared here for -Wmissing-prototypes. */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define FUZZ_CHECK(c)                                                                              \
	do {                                                                                       \
		if (!(c)) {                                                                        \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);     \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

#endif
