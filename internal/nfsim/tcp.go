package nfsim

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"sync"
	"time"
)

// The bulk TCP port speaks a one-line protocol. The client sends one of
//
//	source [N]\n   the NF sends N bytes (forever if N is absent) and closes
//	sink\n         the NF reads and discards until the client closes
//	echo\n         the NF echoes every chunk it reads, each after the work and delay knobs
//
// and the NF answers "nf=<name>\n" (after the work and delay knobs) before the data. Any
// other first line, or 64 KiB without a newline, is taken as sink data, so plain clients
// (nc, a raw pusher) can use the port too; iperf3 can be run beside the NF for its own
// protocol.

const (
	bulkLineMax = 64 << 10
	// helloTimeout bounds the wait for the command line.
	helloTimeout = 10 * time.Second
)

type bulkCmd struct {
	mode string // "source", "sink", "echo"
	n    int64  // source: bytes to send, -1 for unbounded
	// known is false when the first line was not a command (sink with no greeting).
	known bool
}

// parseBulkCmd reads the command line (without its newline).
func parseBulkCmd(line []byte) bulkCmd {
	f := bytes.Fields(line)
	if len(f) == 0 {
		return bulkCmd{mode: "sink"}
	}
	switch string(f[0]) {
	case "source":
		c := bulkCmd{mode: "source", n: -1, known: true}
		if len(f) == 2 {
			n, err := strconv.ParseInt(string(f[1]), 10, 64)
			if err != nil || n < 0 {
				return bulkCmd{mode: "sink"}
			}
			c.n = n
		} else if len(f) > 2 {
			return bulkCmd{mode: "sink"}
		}
		return c
	case "sink", "echo":
		if len(f) != 1 {
			return bulkCmd{mode: "sink"}
		}
		return bulkCmd{mode: string(f[0]), known: true}
	}
	return bulkCmd{mode: "sink"}
}

func (s *Server) serveTCP(ctx context.Context, ln net.Listener, wg *sync.WaitGroup, fail func(error)) {
	for {
		c, err := ln.Accept()
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, net.ErrClosed) {
				fail(fmt.Errorf("nfsim %s: tcp accept %s: %w", s.cfg.Name, ln.Addr(), err))
			}
			return
		}
		wg.Go(func() { s.serveBulk(ctx, c) })
	}
}

func (s *Server) serveBulk(ctx context.Context, c net.Conn) {
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	defer c.Close()
	s.m.conns.WithLabelValues(protoTCP).Inc()
	s.m.connsOpen.WithLabelValues(protoTCP).Inc()
	defer s.m.connsOpen.WithLabelValues(protoTCP).Dec()

	br := bufio.NewReaderSize(c, bulkLineMax)
	c.SetReadDeadline(time.Now().Add(helloTimeout))
	line, err := br.ReadSlice('\n')
	c.SetReadDeadline(time.Time{})
	var cmd bulkCmd
	switch {
	case err == nil:
		cmd = parseBulkCmd(bytes.TrimRight(line, "\r\n"))
	case errors.Is(err, bufio.ErrBufferFull):
		cmd = bulkCmd{mode: "sink"}
	default:
		return
	}
	rx := s.m.rxBytes.WithLabelValues(protoTCP)
	if !cmd.known {
		rx.Add(float64(len(line)))
	} else {
		start := time.Now()
		if !s.serve(ctx) {
			return
		}
		if _, err := io.WriteString(c, "nf="+s.cfg.Name+"\n"); err != nil {
			return
		}
		s.m.requests.WithLabelValues(protoTCP).Inc()
		s.m.latency.WithLabelValues(protoTCP).Observe(time.Since(start).Seconds())
	}
	switch cmd.mode {
	case "source":
		s.bulkSource(ctx, c, cmd.n)
	case "echo":
		s.bulkEcho(ctx, br, c)
	default:
		s.bulkSink(ctx, br)
	}
}

func (s *Server) bulkSource(ctx context.Context, w io.Writer, n int64) {
	tx := s.m.txBytes.WithLabelValues(protoTCP)
	for n != 0 {
		chunk := fill
		if s.cfg.CapacityMbps > 0 {
			chunk = chunk[:min(len(chunk), bulkChunk)]
		}
		if n > 0 && n < int64(len(chunk)) {
			chunk = chunk[:n]
		}
		if s.payBulk(ctx, len(chunk)) != nil {
			return
		}
		k, err := w.Write(chunk)
		tx.Add(float64(k))
		if err != nil {
			return
		}
		if n > 0 {
			n -= int64(k)
		}
	}
}

func (s *Server) bulkSink(ctx context.Context, r io.Reader) {
	rx := s.m.rxBytes.WithLabelValues(protoTCP)
	buf := make([]byte, bulkChunk)
	for {
		k, err := r.Read(buf)
		rx.Add(float64(k))
		if err != nil {
			return
		}
		if s.payBulk(ctx, k) != nil {
			return
		}
	}
}

// bulkEcho treats every chunk read as one request.
func (s *Server) bulkEcho(ctx context.Context, r io.Reader, w io.Writer) {
	rx := s.m.rxBytes.WithLabelValues(protoTCP)
	tx := s.m.txBytes.WithLabelValues(protoTCP)
	buf := make([]byte, 64<<10)
	for {
		k, err := r.Read(buf)
		if k > 0 {
			rx.Add(float64(k))
			start := time.Now()
			if s.payBulk(ctx, k) != nil || !s.serve(ctx) {
				return
			}
			n, werr := w.Write(buf[:k])
			tx.Add(float64(n))
			s.m.requests.WithLabelValues(protoTCP).Inc()
			s.m.latency.WithLabelValues(protoTCP).Observe(time.Since(start).Seconds())
			if werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}
