package loadgen

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// HeaderNF is the reply header in which hvlb-nfsim names itself.
const HeaderNF = "X-Hvlb-Nf"

// unknownNF labels replies that named no NF.
const unknownNF = "?"

// nfStats is what one flow measured against one NF.
type nfStats struct {
	requests int64
	bytes    int64
	samples  []time.Duration
	// transfers are the times of the completed bounded transfers (Config.TransferBytes).
	transfers []time.Duration
}

// flow is one connection (or UDP socket) and everything it measured. Its goroutine owns it
// until Run has waited for it.
type flow struct {
	id         int
	cfg        *Config
	start, end time.Time
	stopped    time.Time
	local      string
	byNF       map[string]*nfStats
	sent       int64
	lost       int64
	errors     int64
	reconnects int64
	dials      int64
	lastErr    string
}

func newFlow(id int, cfg *Config, start, end time.Time) *flow {
	return &flow{id: id, cfg: cfg, start: start, end: end, byNF: map[string]*nfStats{}}
}

func (f *flow) nf(name string) *nfStats {
	if name == "" {
		name = unknownNF
	}
	st := f.byNF[name]
	if st == nil {
		st = &nfStats{}
		f.byNF[name] = st
	}
	return st
}

// counting tells whether the warm-up (Config.Warmup) is over: traffic before it is not
// counted.
func (f *flow) counting() bool {
	return f.cfg.Warmup <= 0 || !time.Now().Before(f.start.Add(f.cfg.Warmup))
}

func (f *flow) fail(err error) {
	f.errors++
	f.lastErr = err.Error()
}

// atEnd tells whether err is only the end of the run cutting an operation short.
func (f *flow) atEnd(err error) bool {
	return errors.Is(err, os.ErrDeadlineExceeded) && !time.Now().Before(f.end)
}

// live tells whether the run is still on. The clock decides, not only ctx, whose timer
// may fire a moment after the I/O deadlines.
func (f *flow) live(ctx context.Context) bool {
	return ctx.Err() == nil && time.Now().Before(f.end)
}

// deadline is the I/O deadline of one operation started now: its timeout, or the end of
// the run if that comes first.
func (f *flow) deadline() time.Time {
	d := time.Now().Add(f.cfg.Timeout)
	if d.After(f.end) {
		return f.end
	}
	return d
}

func (f *flow) dial(ctx context.Context, network string) (net.Conn, error) {
	c, err := f.cfg.dialer(network).DialContext(ctx, network, f.cfg.Target)
	if err != nil {
		return nil, err
	}
	if f.dials++; f.dials > 1 {
		f.reconnects++
	}
	f.local = c.LocalAddr().String()
	return c, nil
}

// backoff keeps a flow whose connects fail from spinning.
const backoff = 50 * time.Millisecond

// flowPacer staggers the flows' pacers over one interval so they do not send in step.
func (f *flow) flowPacer() pacer {
	p := newPacer(f.start, f.cfg.flowRate())
	if p.interval > 0 {
		p.start = p.start.Add(p.interval * time.Duration(f.id) / time.Duration(f.cfg.Flows))
	}
	return p
}

func (f *flow) runHTTP(ctx context.Context) {
	conn := "keep-alive"
	if f.cfg.NewConn {
		conn = "close"
	}
	req := fmt.Appendf(nil, "GET %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: hvlb-loadgen\r\n"+
		"Connection: %s\r\n\r\n", f.cfg.Path, f.cfg.Target, conn)
	var (
		c  net.Conn
		br *bufio.Reader
	)
	defer func() {
		if c != nil {
			c.Close()
		}
	}()
	p := f.flowPacer()
	for p.wait(ctx, f.end) {
		if c == nil {
			var err error
			if c, err = f.dial(ctx, "tcp"); err != nil {
				if f.live(ctx) {
					f.fail(err)
					sleepCtx(ctx, backoff)
				}
				continue
			}
			br = bufio.NewReaderSize(c, 64<<10)
		}
		keep, err := f.httpRequest(c, br, req)
		if err != nil {
			if f.atEnd(err) {
				return
			}
			f.fail(fmt.Errorf("GET %s: %w", f.cfg.Path, err))
		}
		if !keep || f.cfg.NewConn {
			c.Close()
			c = nil
		}
	}
}

// httpRequest sends one request and reads the whole reply; it reports whether the
// connection can carry the next one. Body bytes read before an error still count.
func (f *flow) httpRequest(c net.Conn, br *bufio.Reader, req []byte) (bool, error) {
	t0 := time.Now()
	c.SetDeadline(f.deadline())
	if _, err := c.Write(req); err != nil {
		return false, err
	}
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	nf := resp.Header.Get(HeaderNF)
	var n int64
	if nf == "" && resp.ContentLength >= 0 && resp.ContentLength < 4096 {
		// Not an nfsim header: look for "nf=" in a small body.
		var body []byte
		body, err = io.ReadAll(resp.Body)
		n = int64(len(body))
		nf = nfFromBody(body)
	} else {
		n, err = io.Copy(io.Discard, resp.Body)
	}
	st := f.nf(nf)
	st.bytes += n
	if err != nil {
		return false, err
	}
	if resp.StatusCode != http.StatusOK {
		return !resp.Close, fmt.Errorf("status %s", resp.Status)
	}
	st.requests++
	st.samples = append(st.samples, time.Since(t0))
	return !resp.Close, nil
}

// nfFromBody finds an "nf=<name>" line or word.
func nfFromBody(b []byte) string {
	for _, w := range bytes.Fields(b) {
		if name, ok := bytes.CutPrefix(w, []byte("nf=")); ok {
			return string(name)
		}
	}
	return ""
}

func (f *flow) runTCP(ctx context.Context) {
	for f.live(ctx) {
		c, err := f.dial(ctx, "tcp")
		if err != nil {
			if f.live(ctx) {
				f.fail(err)
				sleepCtx(ctx, backoff)
			}
			continue
		}
		if err := f.bulk(c); err != nil && !f.atEnd(err) {
			f.fail(fmt.Errorf("bulk %s: %w", f.cfg.Target, err))
			sleepCtx(ctx, backoff)
		}
	}
}

// rttSampleEvery is how often a bulk flow reads its connection's RTT from the kernel.
const rttSampleEvery = 50 * time.Millisecond

// bulk runs one connection to nfsim's bulk port until the end of the run or an error, or,
// with Config.TransferBytes, for one transfer of that many bytes.
func (f *flow) bulk(c net.Conn) error {
	defer c.Close()
	t0 := time.Now()
	n := f.cfg.TransferBytes
	cmd := "source\n"
	switch {
	case f.cfg.Upload:
		cmd = "sink\n"
	case n > 0:
		cmd = fmt.Sprintf("source %d\n", n)
	}
	c.SetDeadline(f.deadline())
	if _, err := io.WriteString(c, cmd); err != nil {
		return err
	}
	br := bufio.NewReaderSize(c, 256<<10)
	line, err := br.ReadString('\n')
	if err != nil {
		return fmt.Errorf("greeting: %w", err)
	}
	nf, ok := strings.CutPrefix(strings.TrimSpace(line), "nf=")
	if !ok {
		return fmt.Errorf("greeting %q: want nf=<name>", line)
	}
	st := f.nf(nf)
	if f.counting() {
		st.requests++
	}
	c.SetDeadline(f.end)
	count := func(k int64) {
		if f.counting() {
			st.bytes += k
		}
	}

	done := make(chan struct{})
	samples := make(chan []time.Duration)
	go func() { samples <- f.sampleRTT(c, !f.cfg.Upload, done) }()
	switch {
	case f.cfg.Upload && n > 0:
		err = writeN(c, n, count)
		if err == nil {
			err = closeWrite(c)
		}
		if err == nil {
			// The NF closes once it has read (processed) everything.
			_, err = io.Copy(io.Discard, br)
		}
	case f.cfg.Upload:
		err = writeN(c, -1, count)
	default:
		var got int64
		err = readAll(br, func(k int64) { got += k; count(k) })
		if err == nil && n > 0 && got != n {
			err = fmt.Errorf("transfer ended after %d of %d bytes", got, n)
		}
	}
	close(done)
	st.samples = append(st.samples, <-samples...)
	if err == nil && n > 0 && f.counting() {
		st.transfers = append(st.transfers, time.Since(t0))
	}
	return err
}

// closeWrite half-closes a TCP connection (the NF's sink reads to EOF).
func closeWrite(c net.Conn) error {
	if tc, ok := c.(interface{ CloseWrite() error }); ok {
		return tc.CloseWrite()
	}
	return nil
}

// writeN writes n bytes, or until an error when n < 0.
func writeN(w io.Writer, n int64, count func(int64)) error {
	buf := bytes.Repeat([]byte("hvlb-loadgen...."), 16<<10)
	for n != 0 {
		chunk := buf
		if n > 0 && n < int64(len(chunk)) {
			chunk = chunk[:n]
		}
		k, err := w.Write(chunk)
		count(int64(k))
		if n > 0 {
			n -= int64(k)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func readAll(r io.Reader, count func(int64)) error {
	buf := make([]byte, 256<<10)
	for {
		k, err := r.Read(buf)
		count(int64(k))
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// sampleRTT reads the connection's RTT every rttSampleEvery until done closes (keeping
// the samples taken after the warm-up).
func (f *flow) sampleRTT(c net.Conn, receiving bool, done <-chan struct{}) []time.Duration {
	var out []time.Duration
	t := time.NewTicker(rttSampleEvery)
	defer t.Stop()
	for {
		select {
		case <-done:
			return out
		case <-t.C:
			if d, ok := tcpRTT(c, receiving); ok && f.counting() {
				out = append(out, d)
			}
		}
	}
}
