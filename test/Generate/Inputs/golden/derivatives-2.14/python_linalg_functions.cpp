// @generated from ../tools/autograd/templates/python_linalg_functions.cpp
// The torch.linalg functions of examples/basic's operators.

#include "torch/csrc/utils/python_arg_parser.h"



namespace torch { namespace autograd {



static PyMethodDef linalg_functions[] = {

  {nullptr}
};



}} // namespace torch::autograd
