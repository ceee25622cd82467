#pragma once

// ${generated_comment}
// The factory functions of examples/basic that take requires_grad.

#include <ATen/ATen.h>
$ops_headers

namespace torch {

${function_definitions}

} // namespace torch
