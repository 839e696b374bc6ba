package testport

import (
	"net"
	"strconv"
	"testing"
)

func TestTCPBelowEphemeralAndFree(t *testing.T) {
	lo := ephemeralLow()
	for i := 0; i < 20; i++ {
		addr, err := TCP("127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		_, p, _ := net.SplitHostPort(addr)
		port, _ := strconv.Atoi(p)
		if port < lowest || port >= lo {
			t.Fatalf("port %d outside [%d, %d)", port, lowest, lo)
		}
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			t.Fatalf("the port handed out is taken: %v", err)
		}
		ln.Close()
	}
}

func TestTCPSkipsATakenPort(t *testing.T) {
	held := map[string]net.Listener{}
	defer func() {
		for _, ln := range held {
			ln.Close()
		}
	}()
	for i := 0; i < 50; i++ {
		addr, err := TCP("127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		if _, dup := held[addr]; dup {
			t.Fatalf("%s handed out while held", addr)
		}
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			t.Fatalf("the port handed out is taken: %v", err)
		}
		held[addr] = ln
	}
}

func TestUDP(t *testing.T) {
	port, err := UDP("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	c, err := net.ListenPacket("udp", net.JoinHostPort("127.0.0.1", strconv.Itoa(int(port))))
	if err != nil {
		t.Fatalf("the port handed out is taken: %v", err)
	}
	c.Close()
}
