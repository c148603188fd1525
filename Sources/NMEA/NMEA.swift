/// Placeholder: the NMEA module is being written (see README.md module map).
public enum NMEAModule {}
