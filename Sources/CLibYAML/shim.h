// Debian's libyaml: the OpenAPI importer reads a document's parse events into its decoding tree
// without composing Yams' nodes first (FerryInterop, DECISIONS.md).
#include <yaml.h>
