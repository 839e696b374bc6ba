// Package testport gives tests a free loopback port that no other process will be handed
// while the test starts its server on it.
//
// Asking the kernel for port 0 and closing the socket is not enough: the port it gives is
// from the ephemeral range, the same range every outgoing connection on the machine takes
// its source port from, and another test running in parallel took one such port between
// the close and the server's bind ("bind: address already in use", CI, stop 23). The ports
// given here lie below that range, where the kernel never picks one by itself; a port is
// handed out only after a bind on it succeeded, and the start is random so that parallel
// test processes do not walk the same ports.
package testport

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
)

// The ports handed out: from lowest to the kernel's ephemeral range, or the whole of
// [lowest, highest) where that range cannot be read.
const (
	lowest  = 10000
	highest = 32768
)

// TCP returns "host:port" for a port where nothing listens on host.
func TCP(host string) (string, error) {
	port, err := pick(func(p int) error {
		ln, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(p)))
		if err == nil {
			ln.Close()
		}
		return err
	})
	return net.JoinHostPort(host, strconv.Itoa(port)), err
}

// UDP returns a port where no UDP socket is bound on host.
func UDP(host string) (uint16, error) {
	port, err := pick(func(p int) error {
		c, err := net.ListenPacket("udp", net.JoinHostPort(host, strconv.Itoa(p)))
		if err == nil {
			c.Close()
		}
		return err
	})
	return uint16(port), err
}

func pick(try func(port int) error) (int, error) {
	hi := ephemeralLow()
	n := hi - lowest
	start := rand.IntN(n)
	var last error
	for i := 0; i < 200; i++ {
		p := lowest + (start+i*7919)%n // a prime stride: no two tries share a port
		if last = try(p); last == nil {
			return p, nil
		}
	}
	return 0, fmt.Errorf("no free port below %d: %w", hi, last)
}

// ephemeralLow reads the low end of the kernel's ephemeral port range.
func ephemeralLow() int {
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return highest
	}
	f := strings.Fields(string(b))
	if len(f) != 2 {
		return highest
	}
	lo, err := strconv.Atoi(f[0])
	if err != nil || lo <= lowest+1000 {
		return highest
	}
	return lo
}
