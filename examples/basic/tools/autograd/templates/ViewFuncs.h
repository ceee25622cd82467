#pragma once

// ${generated_comment}
// How examples/basic's views are replayed.

#include <torch/library.h>
$ops_headers

namespace torch::autograd::generated {

${view_func_declarations}

} // namespace torch::autograd::generated
