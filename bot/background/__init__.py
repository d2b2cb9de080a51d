"""Work done beside the players: computer seats, clocks, sweeps, recording and worker processes."""
