// Includes the generated Functions.h: recompiled only when its bytes change.
#include "torch/csrc/autograd/generated/Functions.h"

int downstreamNodeSize() {
  return sizeof(torch::autograd::generated::SinBackward0);
}
