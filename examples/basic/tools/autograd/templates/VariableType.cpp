// ${generated_comment}
// The autograd kernels of examples/basic.

#include "torch/csrc/autograd/generated/VariableType.h"
#include "torch/csrc/autograd/generated/Functions.h"

namespace torch { namespace autograd {

namespace VariableType {
namespace {
${type_derived_method_definitions}
}
}

namespace {
${wrapper_registrations}
}

}} // namespace torch::autograd
