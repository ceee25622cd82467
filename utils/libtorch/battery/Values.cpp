//===- Values.cpp - Seeded inputs and bit-exact printing of tensors -------===//
//
// Shared by the battery of generated nodes (Battery.cpp) and the battery of
// generated VariableType kernels (../variable_type).
//
//===----------------------------------------------------------------------===//

#include "Battery.h"

#include <cstdio>

using namespace battery;

uint64_t battery::seedOf(const std::string &Name) {
  uint64_t Hash = 1469598103934665603ull; // FNV-1a
  for (unsigned char C : Name)
    Hash = (Hash ^ C) * 1099511628211ull;
  return Hash & 0x7fffffffffffull;
}

at::Tensor battery::draw(const Input &I) {
  auto Options = at::TensorOptions().dtype(I.Type);
  switch (I.Kind) {
  case Values::Normal:
    return at::randn(I.Sizes, Options);
  case Values::Positive:
    return at::rand(I.Sizes, Options) * 1.5 + 0.5;
  case Values::Unit:
    return at::rand(I.Sizes, Options) * 1.8 - 0.9;
  case Values::Probability:
    return at::rand(I.Sizes, Options) * 0.8 + 0.1;
  case Values::SPD: {
    auto A = at::randn(I.Sizes, Options);
    int64_t N = I.Sizes.back();
    return at::matmul(A, A.transpose(-2, -1)) + N * at::eye(N, Options);
  }
  }
  return at::Tensor();
}

std::string battery::describeTensor(const at::Tensor &T) {
  if (!T.defined())
    return "undefined";
  std::string Text = c10::toString(T.scalar_type());
  Text += " [";
  for (size_t I = 0; I < T.sizes().size(); ++I)
    Text += (I ? "," : "") + std::to_string(T.sizes()[I]);
  Text += "]";
  // A ZeroTensor has no storage; the tag keeps that difference visible.
  if (T._is_zerotensor())
    return Text + " zerotensor";
  at::Tensor Real = T.detach().resolve_conj().resolve_neg();
  if (Real.is_complex())
    Real = at::view_as_real(Real.contiguous());
  // Widening float to double is exact, so %a shows every bit of either type.
  auto Values = Real.to(at::kDouble).contiguous();
  const double *Data = Values.data_ptr<double>();
  char Buffer[40];
  for (int64_t I = 0; I < Values.numel(); ++I) {
    std::snprintf(Buffer, sizeof Buffer, " %a", Data[I]);
    Text += Buffer;
  }
  return Text;
}

at::Tensor battery::weightedSum(const Tensors &Outputs, bool Differentiable,
                                Tensors &Weights) {
  at::Tensor Loss;
  for (const auto &Output : Outputs) {
    if (!Output.defined() || !at::isFloatingType(Output.scalar_type()) ||
        !Output.requires_grad())
      continue;
    auto Flat = Output.reshape({-1});
    auto Weight =
        at::randn({Flat.numel()}, Flat.options().requires_grad(false));
    Weight.set_requires_grad(Differentiable);
    Weights.push_back(Weight);
    auto Term = at::dot(Flat, Weight);
    Loss = Loss.defined() ? Loss + Term : Term;
  }
  return Loss;
}
