#include <libserialport.h>
