// ${generated_comment}
// What each Node of examples/basic computes in backward.

#include "torch/csrc/autograd/generated/Functions.h"
#include "helpers.h"

namespace torch { namespace autograd { namespace generated {

${autograd_function_definitions}

}}} // namespace torch::autograd::generated
