 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
/ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
S * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
P * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
D * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
X * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
L * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
I * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
: * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
B * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
S * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
D * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
C * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
/ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
/ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
I * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
k * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
R * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
F * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
C * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
0 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
7 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
. * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
T * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
I * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
P * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
k * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
R * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
F * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
C * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
. * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
k * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
. * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
E * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
. * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
k * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
' * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
g * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
. * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
T * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
' * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
R * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
F * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
C * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
0 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
7 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
B * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
k * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
g * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
k * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
x * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
g * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
. * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
/ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
# * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
< * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
g * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
. * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
> * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
# * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
" * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
. * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
" * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
/ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
A * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
/ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
k * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
. * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
/ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
{ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
# * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
B * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
Y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
T * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
E * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
O * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
R * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
D * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
E * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
R * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
O * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
R * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
D * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
E * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
R * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
L * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
I * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
T * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
T * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
L * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
E * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
E * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
N * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
D * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
I * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
A * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
N * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
# * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
# * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
} * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
{ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
# * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
B * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
Y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
T * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
E * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
O * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
R * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
D * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
E * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
R * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
O * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
R * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
D * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
E * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
R * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
L * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
I * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
T * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
T * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
L * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
E * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
E * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
N * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
D * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
I * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
A * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
N * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
# * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
# * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
} * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
z * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
{ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
8 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
/ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
: * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
z * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
. * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
/ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
> * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
+ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
{ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
& * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
+ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
} * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
> * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
{ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
& * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
+ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
+ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
} * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
{ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
/ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
A * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
g * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
k * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
- * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
h * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
0 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
. * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
/ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
0 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
& * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
+ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
w * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
} * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
} * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
8 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
{ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
+ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
+ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
+ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
} * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
8 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
[ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
] * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
8 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
[ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
] * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
8 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
{ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
0 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
+ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
0 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
+ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
+ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
= * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
} * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
8 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
{ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
b * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
} * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
y * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
8 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
[ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
] * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
8 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
[ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
1 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
] * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
8 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
v * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
* * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
3 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
2 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
{ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
	 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
f * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
i * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
a * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
m * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
u * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
6 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
( * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
c * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
d * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
s * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
p * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
r * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
t * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
o * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
, * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
  * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
4 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
_ * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
l * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
e * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
n * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
) * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
; * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
} * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.

 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
