package health

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"net"
)

// SCTP's chunk types the check sends and reads (RFC 9260 3.2).
const (
	sctpInit    = 1
	sctpInitAck = 2
	sctpAbort   = 6
	sctpHdrLen  = 12
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// sctpPacket is an SCTP packet from sport to dport with tag and one chunk, its CRC32c set
// (stored low byte first, RFC 9260 appendix A).
func sctpPacket(sport, dport uint16, tag uint32, chunk []byte) []byte {
	p := make([]byte, sctpHdrLen, sctpHdrLen+len(chunk))
	binary.BigEndian.PutUint16(p[0:], sport)
	binary.BigEndian.PutUint16(p[2:], dport)
	binary.BigEndian.PutUint32(p[4:], tag)
	p = append(p, chunk...)
	binary.LittleEndian.PutUint32(p[8:], crc32.Checksum(p, castagnoli))
	return p
}

// sctpInitChunk is an INIT with initiate tag itag: one stream each way, no parameters.
func sctpInitChunk(itag uint32) []byte {
	c := make([]byte, 20)
	c[0] = sctpInit
	binary.BigEndian.PutUint16(c[2:], 20)
	binary.BigEndian.PutUint32(c[4:], itag)
	binary.BigEndian.PutUint32(c[8:], 65535) // a_rwnd
	binary.BigEndian.PutUint16(c[12:], 1)    // outbound streams
	binary.BigEndian.PutUint16(c[14:], 1)    // inbound streams
	binary.BigEndian.PutUint32(c[16:], itag) // initial TSN
	return c
}

// sctpCRCOK says whether p's checksum is right.
func sctpCRCOK(p []byte) bool {
	q := append([]byte(nil), p...)
	want := binary.LittleEndian.Uint32(q[8:])
	clear(q[8:12])
	return crc32.Checksum(q, castagnoli) == want
}

// probeSCTP opens an association's first half: an INIT from a random port and tag, over raw
// IP (CAP_NET_RAW; Linux needs no SCTP module for it). An INIT-ACK is success, and the
// half-open association is ended at once with an ABORT (the NF keeps no state: its cookie
// holds it); an ABORT is "refused" (nothing listens on the port); silence is a timeout.
func probeSCTP(ctx context.Context, s Spec) error {
	ip := net.ParseIP(s.Address)
	network := "ip4:132"
	if ip.To4() == nil {
		network = "ip6:132"
	}
	c, err := net.ListenIP(network, nil)
	if err != nil {
		return &ProbeError{Reason: "sctp: raw socket: " + err.Error(), Err: err}
	}
	defer c.Close()
	if dl, ok := ctx.Deadline(); ok {
		c.SetDeadline(dl)
	}
	sport := uint16(49152 + rand.IntN(16384))
	tag := rand.Uint32() | 1
	to := &net.IPAddr{IP: ip}
	if _, err := c.WriteToIP(sctpPacket(sport, s.Port, 0, sctpInitChunk(tag)), to); err != nil {
		return &ProbeError{Reason: "sctp: send INIT: " + err.Error(), Err: err}
	}
	buf := make([]byte, 2048)
	for {
		n, from, err := c.ReadFromIP(buf)
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				return &ProbeError{Reason: fmt.Sprintf("sctp: no INIT-ACK within %v", s.Timeout), Err: err}
			}
			return &ProbeError{Reason: "sctp: " + err.Error(), Err: err}
		}
		p := buf[:n]
		if n < sctpHdrLen+4 || !from.IP.Equal(ip) || binary.BigEndian.Uint16(p[0:]) != s.Port ||
			binary.BigEndian.Uint16(p[2:]) != sport || binary.BigEndian.Uint32(p[4:]) != tag ||
			!sctpCRCOK(p) {
			continue // another association's, or our own INIT seen on a loopback
		}
		switch p[sctpHdrLen] {
		case sctpInitAck:
			if n < sctpHdrLen+20 {
				continue
			}
			peer := binary.BigEndian.Uint32(p[sctpHdrLen+4:])
			abort := []byte{sctpAbort, 0, 0, 4}
			c.WriteToIP(sctpPacket(sport, s.Port, peer, abort), to)
			return nil
		case sctpAbort:
			return &ProbeError{Reason: "sctp: ABORT (nothing listens on the port)"}
		}
	}
}
