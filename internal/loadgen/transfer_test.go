package loadgen

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestTransfers(t *testing.T) {
	nf := startNF(t, "nf-x")
	const n = 100000
	for _, upload := range []bool{false, true} {
		name := map[bool]string{false: "download", true: "upload"}[upload]
		t.Run(name, func(t *testing.T) {
			r, err := Run(context.Background(), Config{Mode: ModeTCP, Target: nf.TCP[0].String(),
				Flows: 2, Duration: 400 * time.Millisecond, Upload: upload, TransferBytes: n})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			tot := r.Total
			if tot.Errors != 0 || tot.Transfer == nil {
				t.Fatalf("total %+v (flows %+v): want no errors and transfer times", tot, r.Flows)
			}
			// Every transfer is a connection of its own: many per flow on loopback, each
			// completed one n bytes (the last of each flow may be cut by the end of the run).
			if tot.Transfer.N < 4 || tot.Requests < int64(tot.Transfer.N) ||
				tot.Requests > int64(tot.Transfer.N)+2 {
				t.Fatalf("%d connections, %d completed transfers", tot.Requests, tot.Transfer.N)
			}
			if tot.Bytes < int64(tot.Transfer.N)*n || tot.Bytes > int64(tot.Transfer.N+2)*n {
				t.Fatalf("%d bytes for %d transfers of %d", tot.Bytes, tot.Transfer.N, n)
			}
			if tot.Transfer.P50 <= 0 || r.Flows[0].Transfer == nil || r.PerNF["nf-x"].Transfer == nil {
				t.Fatalf("transfer times %+v, flow %+v", tot.Transfer, r.Flows[0])
			}
		})
	}
	t.Run("streams report no transfer times", func(t *testing.T) {
		r, err := Run(context.Background(), Config{Mode: ModeTCP, Target: nf.TCP[0].String(),
			Flows: 1, Duration: 200 * time.Millisecond})
		if err != nil || r.Total.Transfer != nil || r.Total.Requests != 1 {
			t.Fatalf("Run: %v, total %+v", err, r.Total)
		}
	})
}

func TestWarmup(t *testing.T) {
	nf := startNF(t, "nf-w")
	// A stream at loopback speed for 0.6 s, of which the first 0.4 s is warm-up: the rate
	// is over the last 0.2 s, and only samples from then are kept.
	cfg := Config{Mode: ModeTCP, Target: nf.TCP[0].String(), Flows: 1, Upload: true,
		Duration: 600 * time.Millisecond, Warmup: 400 * time.Millisecond}
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if d := r.DurationS; d < 0.19 || d > 0.25 {
		t.Fatalf("duration %v s, want the 0.2 s after the warm-up", d)
	}
	// The connection opened in the warm-up: its bytes after it count, the connection not.
	if r.Total.Requests != 0 || r.Total.Bytes == 0 || r.Total.Errors != 0 {
		t.Fatalf("total %+v", r.Total)
	}
	// 50 ms samples over 0.2 s: about 4 (not the 12 of the whole run).
	if n := r.Total.RTT.N; n < 2 || n > 6 {
		t.Fatalf("%d RTT samples after the warm-up, want about 4", n)
	}
	if rate := r.Total.ThroughputBps; rate != float64(r.Total.Bytes)*8/r.DurationS {
		t.Fatalf("rate %v is not bytes over the counted time", rate)
	}
}

func TestTransferBytesValidate(t *testing.T) {
	for _, tt := range []struct {
		c    Config
		want string
	}{
		{Config{Mode: ModeHTTP, Target: "10.0.0.1:80", Flows: 1, Duration: time.Second, TransferBytes: 10}, "transfer"},
		{Config{Mode: ModeTCP, Target: "10.0.0.1:80", Flows: 1, Duration: time.Second, TransferBytes: -1}, "transfer"},
		{Config{Mode: ModeHTTP, Target: "10.0.0.1:80", Flows: 1, Duration: time.Second, Warmup: 1}, "warmup"},
		{Config{Mode: ModeTCP, Target: "10.0.0.1:80", Flows: 1, Duration: time.Second, Warmup: time.Second}, "warmup"},
	} {
		if err := tt.c.Validate(); err == nil || !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Validate(%+v) = %v, want ErrConfig naming %s", tt.c, err, tt.want)
		}
	}
}
