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

func TestTransferBytesValidate(t *testing.T) {
	for _, c := range []Config{
		{Mode: ModeHTTP, Target: "10.0.0.1:80", Flows: 1, Duration: time.Second, TransferBytes: 10},
		{Mode: ModeTCP, Target: "10.0.0.1:80", Flows: 1, Duration: time.Second, TransferBytes: -1},
	} {
		if err := c.Validate(); err == nil || !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "transfer") {
			t.Errorf("Validate(%+v) = %v, want ErrConfig naming transfer", c, err)
		}
	}
}
